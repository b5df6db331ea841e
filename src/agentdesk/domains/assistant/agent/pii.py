"""Personal data and secrets: found, checked and redacted before anything is kept.

Each detector returns :class:`Span`s; :func:`find_pii` resolves overlaps (a secret
beats a card number beats an IBAN beats an e-mail address beats a phone number)
and :func:`redact` replaces each span with ``[REDACTED_<KIND>]``, the shape
LangChain's PII middleware uses.

* e-mail addresses: LangChain's own detector (``langchain.agents.middleware.pii``);
* card numbers: 13 to 19 digits with a known issuer prefix, the length that issuer
  gives out (American Express 15) and a valid Luhn check (``stdnum.luhn``).
  LangChain's card detector only knows 16 digits in groups of four, so it would
  miss American Express (15) and 19-digit cards;
* IBANs: the country's length and the ISO 7064 mod-97 checksum (``stdnum.iban``; a
  country's own check digits inside the account number are not checked: people make up
  and mistype those, and the number is still theirs); in a text that names or gives IBANs,
  one whose checksum holds but whose length is off for its country is one too;
* phone numbers: Google's libphonenumber (``phonenumbers``), valid numbers only;
* secrets: Yelp's ``detect-secrets`` (:mod:`.scanner`: published key formats
  and high-entropy tokens such as an AWS secret access key), the formats it
  does not know (OpenAI, Anthropic, Hugging Face, Google API keys), and values
  assigned to ``password``/``api_key``/``token`` and the like.

A phone number's span ends at its last digit before any word: an extension
("ext 12") is left, so no ordinary word goes with the number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .findings import Finding, Span

__all__ = ["DETECTORS", "find_cards", "find_emails", "find_ibans", "find_passports", "find_phones",
           "find_pii", "find_secrets", "find_ssns", "redact"]


_SECRET_KINDS = {"api_key", "private_key", "token", "credential"}


def _finding(kind: str, what: str) -> Finding:
    return Finding(code=f"pii.{'secret' if kind in _SECRET_KINDS else kind}", kind=kind,
                   action="redact", message=f"{what} redacted")


def find_emails(text: str) -> list[Span]:
    """E-mail addresses, found by LangChain's PII detector."""
    from langchain.agents.middleware.pii import detect_email

    found = _finding("email", "an e-mail address")
    return [Span(match["start"], match["end"], found) for match in detect_email(text)]


# A run of 13-19 digits, each optionally followed by one space or dash, not inside a longer number.
_CARD = re.compile(r"(?<![\d.-])\d(?:[ -]?\d){12,18}(?![\d]|-\d)")
# Issuer prefixes (IIN ranges) of the card networks in wide use.
_CARD_PREFIX = re.compile(
    r"^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|3(?:0[0-5]|[68])|6(?:011|5|4[4-9]|2)|35|5[06-9])")


# American Express (34, 37) gives out 15 digits only: "PL34 1090 1014 0000 0712" holds 18 digits
# after "34" that pass Luhn by chance (one in ten), and they are not a card
_AMEX = re.compile(r"^3[47]")


def find_cards(text: str) -> list[Span]:
    """Payment card numbers whose Luhn check digit is right."""
    from stdnum import luhn

    found = _finding("card_number", "a card number")
    spans = []
    for match in _CARD.finditer(text):
        digits = re.sub(r"[ -]", "", match.group())
        if _AMEX.match(digits) and len(digits) != 15:
            continue
        if 13 <= len(digits) <= 19 and _CARD_PREFIX.match(digits) and luhn.is_valid(digits):
            spans.append(Span(match.start(), match.end(), found))
    return spans


_IBAN_START = re.compile(r"\b[A-Z]{2}\d{2}(?=[ ]?[A-Z0-9])", re.IGNORECASE)
_IBAN_BODY = re.compile(r"[A-Z0-9](?:[ ]?[A-Z0-9]){10,33}", re.IGNORECASE)


_IBAN_WORD = re.compile(r"(?i)\biban\b")


def _iban_checksum(candidate: str) -> bool:
    """The ISO 7064 mod-97 checksum of an IBAN-shaped ``candidate`` in capitals and digits, of
    a country that gives out IBANs, at any length an IBAN may have (15 to 34)."""
    from stdnum import iban, numdb
    from stdnum.iso7064 import mod_97_10

    compact = iban.compact(candidate)
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", compact):
        return False
    if not numdb.get("iban").info(compact)[0][1]:
        return False  # no country of that code gives out IBANs
    return mod_97_10.is_valid(compact[4:] + compact[:4])


def find_ibans(text: str) -> list[Span]:
    """International bank account numbers with a valid country length and checksum, and in a
    text that names or gives IBANs, those with a valid checksum at another length."""
    from stdnum import iban

    found = _finding("iban", "an IBAN")
    spans: list[Span] = []
    unsure: list[Span] = []
    for start in _IBAN_START.finditer(text):
        if spans and start.start() < spans[-1].end:
            continue
        body = _IBAN_BODY.match(text, start.end() + (text[start.end():start.end() + 1] == " "))
        if body is None:
            continue
        # The body may run on into the next words: try the longest candidate first.
        for end in range(body.end(), body.start(), -1):
            if not text[end - 1].isalnum() or text[end:end + 1].isalnum():
                continue
            if iban.is_valid(text[start.start():end], check_country=False):
                spans.append(Span(start.start(), end, found))
                break
        else:
            # a length off for its country: only capitals and digits up to a line's end or a
            # comma, so no following word can make the checksum hold by chance
            line = re.split(r"[^A-Z0-9 ]", text[start.start():], maxsplit=1)[0].rstrip()
            end = start.start() + len(line)
            if not text[end:end + 1].isalnum() and _iban_checksum(line):
                unsure.append(Span(start.start(), end, found))
    if unsure and (spans or _IBAN_WORD.search(text)):
        spans = sorted([*spans, *unsure], key=lambda span: span.start)
    return spans


OTHER_REGIONS = ("GB", "IE", "FR", "DE", "ES", "IT", "NL", "BE", "CH", "AT", "PT", "SE", "PL",
                 "IN", "AU", "NZ", "ZA", "BR", "MX", "JP", "SG")
"""Regions whose national numbers are read too when a phone word stands just before them."""

# "call me on 020 7946 0958", "mobile: 06 12 34 56 78", "Tel. 030 901820": a number in a
# national format of a region other than the policy's own counts only after such a word (or in
# a text whose international numbers name the region), so order numbers, dates and versions
# are not read as some country's phone number.
_PHONE_WORD = re.compile(
    r"(?i)\b(?:phone|tel|tél|tele|telephone|téléphone|telefon\w*|telefono|teléfono|telefone|"
    r"mobile|mob|cell|cellphone|portable|handy|móvil|movil|cellulare|celular|whats\s*app|fax|"
    r"call|ring|text|reach|contact|landline|hotline|"
    r"appel\w*|rappel\w*|joindre|joignable|contactez|contacter|anrufen|ruf|rückruf|erreichbar|"
    r"erreichen|kontakt\w*|llama|llámame|chiama\w*|ligue)\b|"
    r"携帯|電話|手机|手機|电话|휴대폰|전화")  # no word boundary between CJK words
# "Order #4482291773", "INV-2024-000873", "tracking no. 9400 1000 0000": an identifier
_IDENTIFIER = re.compile(r"(?:#|№|\b[A-Za-z]{2,}-|\b(?:order|invoice|inv|ticket|ref|reference|"
                         r"tracking|case|account|acct|customer|policy|serial|id|no\.?|nr\.?)\s*"
                         r"(?:number|no\.?|nr\.?|id|#)?\s*[:#]?\s*)$", re.IGNORECASE)
_NATIONAL = re.compile(r"(?<![A-Za-z0-9_+])\(?0\d[\d ().-]{6,16}\d(?![A-Za-z0-9_-])")
"""A national number; letters of a script without spaces between words (Japanese,
Chinese) may stand right beside it ("携帯は090-3184-7725です")."""


# "+44 7700 900481": a number written with its country's code, which libphonenumber calls
# possible (a full national length) though not given out (the UK's 07700 900xxx kept for drama,
# a made-up range): the plus and the country code say it is a phone number as it is written
_INTERNATIONAL = re.compile(r"(?<![\w+])\+\d[\d ().-]{7,18}\d(?![\w-])")


_GROUPED = re.compile(r"(?:\+?1[ .-]?)?(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}")
"""A number of the policy's own region written as people write one: "(670) 926-9690", "670-926-9690"."""

_NAMED_WITHIN = 60
"""How far before a national number a phone word may stand ("reach me at <an e-mail> or on ...")."""


def _span_end(raw: str, start: int) -> int:
    # "415-555-2671 ext 3": the number is redacted, the word "ext" is not the number's
    return start + len(re.sub(r"[A-Za-z][\s\S]*", "", raw).rstrip(" .,;:-/("))


def find_phones(text: str, region: str = "US") -> list[Span]:
    """Valid phone numbers: international ones anywhere, national ones of ``region``, and
    national ones of :data:`OTHER_REGIONS` right after a phone word or in a text that
    already gives a phone number ("Ravi +91 98450 31277, Camila (11) 98765-4321"); a number
    written with its country code and of a full length for that country, even if no one has
    been given it ("+44 7700 900481")."""
    import phonenumbers

    found = _finding("phone_number", "a phone number")
    matcher = phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID)
    spans = []
    regions = []  # the countries whose codes the text's international numbers carry
    for match in matcher:
        if _IDENTIFIER.search(text[max(0, match.start - 24):match.start]):
            continue
        spans.append(Span(match.start, _span_end(match.raw_string, match.start), found))
        if match.raw_string.lstrip("( ").startswith("+"):
            regions.append(phonenumbers.region_code_for_number(match.number))
    # "call me on (670) 926-9690": a number of the policy's own country, of a phone number's
    # length and written in groups as one, that the text calls a phone number, even in a range
    # not listed as given out (a run of digits in a hex string is not one)
    for match in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.POSSIBLE):
        end = _span_end(match.raw_string, match.start)
        if not _GROUPED.fullmatch(text[match.start:end]) or \
                re.match(r"\w", text[end:end + 1]) or re.search(r"\w$", text[:match.start]) or \
                any(match.start < span.end and span.start < end for span in spans) or \
                _IDENTIFIER.search(text[max(0, match.start - 24):match.start]) or \
                not _PHONE_WORD.search(text[max(0, match.start - _NAMED_WITHIN):match.start]):
            continue
        spans.append(Span(match.start, end, found))
    if spans:  # a text that gives phone numbers may give others in their own country's format
        for other in dict.fromkeys([*regions, *OTHER_REGIONS]):
            for match in phonenumbers.PhoneNumberMatcher(text, other,
                                                         leniency=phonenumbers.Leniency.VALID):
                end = _span_end(match.raw_string, match.start)
                if any(match.start < span.end and span.start < end for span in spans) or \
                        _IDENTIFIER.search(text[max(0, match.start - 24):match.start]):
                    continue
                spans.append(Span(match.start, end, found))
    for candidate in _INTERNATIONAL.finditer(text):
        if any(candidate.start() < span.end and span.start < candidate.end() for span in spans) or \
                _IDENTIFIER.search(text[max(0, candidate.start() - 24):candidate.start()]):
            continue
        try:
            number = phonenumbers.parse(candidate.group(), None)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_possible_number_with_reason(number) == \
                phonenumbers.ValidationResult.IS_POSSIBLE:
            spans.append(Span(candidate.start(), candidate.end(), found))
    for candidate in _NATIONAL.finditer(text):
        if any(candidate.start() < span.end and span.start < candidate.end() for span in spans):
            continue
        named = bool(_PHONE_WORD.search(text[max(0, candidate.start() - _NAMED_WITHIN):candidate.start()]))
        if not (regions or named):
            continue
        numbers = []
        for other in dict.fromkeys([*regions, *OTHER_REGIONS]):
            try:
                numbers.append(phonenumbers.parse(candidate.group(), other))
            except phonenumbers.NumberParseException:
                continue
        # a number the text calls a phone number is one even in a range not given out (the UK's
        # 07700 900xxx kept for drama, a typo in the area code) if it has a phone number's length
        if any(phonenumbers.is_valid_number(number) for number in numbers) or (
                named and any(phonenumbers.is_possible_number(number) for number in numbers)
                and not _IDENTIFIER.search(text[max(0, candidate.start() - 24):candidate.start()])):
            spans.append(Span(candidate.start(), candidate.end(), found))
    return sorted(spans, key=lambda span: span.start)


_SECRET_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("private_key", re.compile(
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----|[\s\S]*)")),
    # OpenAI, Anthropic, Stripe and similar: sk-..., sk-ant-api03-..., sk_live_..., rk_live_...
    ("api_key", re.compile(r"\b(?:sk|rk|pk)[-_](?:[A-Za-z0-9]+[-_]){0,3}[A-Za-z0-9_-]{20,}")),
    ("api_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),                 # AWS access key id
    ("api_key", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{30,}\b")),                # GitHub tokens
    ("api_key", re.compile(r"\bgithub_pat_[A-Za-z0-9_]{22,}\b")),
    ("api_key", re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}")),                   # GitLab
    ("api_key", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),             # Slack
    ("api_key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}")),                      # Google
    ("api_key", re.compile(r"\bhf_[A-Za-z0-9]{30,}\b")),                      # Hugging Face
    ("token", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),  # JWT
    ("token", re.compile(r"(?<=\bBearer )[A-Za-z0-9._~+/-]{20,}=*")),
    # a session cookie ("Cookie: sessionid=cb61c6..."): whoever holds it is logged in
    ("token", re.compile(r"(?i)\b(?:session[_-]?id|sessionid|session|sess|phpsessid|jsessionid|"
                         r"connect\.sid|laravel_session|_session|session_token)"
                         r"\s*=\s*(?P<value>[A-Za-z0-9%._~+/-]{16,})")),
    # Microsoft Entra (Azure AD) client secrets: three characters, a digit, "Q~", 31-34 more
    ("api_key", re.compile(r"(?<![\w~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![\w~.-])")),
    # a signed URL's signature or token parameter (Azure SAS sig=, AWS X-Amz-Signature=...)
    ("token", re.compile(r"(?i)(?<=[?&;])(?:sig|signature|x-amz-signature|x-goog-signature|"
                         r"x-amz-security-token|access_token|id_token|token)=(?P<value>[^&\s#\"'<>]{16,})")),
    # a password in a URL ("postgres://app:Winter2026!Tally@db:5432/x", or with no user name,
    # "redis://:s3cret@cache:6379"): every character up to the "@" before the host, "!" and "$"
    # included (detect-secrets stops at those); not an e-mail address
    ("credential", re.compile(r"(?i)\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]{0,64}:(?P<value>[^\s/@]{3,128})"
                              r"@(?=[\w.-]+)")),
    # "AccountKey=...;" in a connection string, "aws_secret_access_key = ...": a cloud
    # service's key, known by the name the service gives it
    ("api_key", re.compile(
        r"(?i)\b(?:[a-z0-9]+[_-])*(?:account[_-]?key|shared[_-]?access[_-]?(?:key|signature)|"
        r"storage[_-]?(?:account[_-]?)?key|sas[_-]?token|secret[_-]?access[_-]?key|client[_-]?secret)\b"
        r"[\"']?\s*[:=]\s*[\"']?(?P<value>[^\s\"',;]{6,})")),
]
# "password: hunter22", "API_KEY='abc...'": the value only, when it looks like one.
# A prefixed name ("DB_PASSWORD", "SMTP_AUTH_TOKEN") counts as the name itself.
_SECRET_NAME = (r"(?:[a-z0-9]+[_-])*(?:api[_ -]?key|apikey|secret(?:[_ -]?key)?|access[_ -]?key|"
                r"client[_ -]?secret|auth[_ -]?token|access[_ -]?token|token|password|passwd|pwd|"
                r"passphrase|pass)")
_ASSIGNED = re.compile(
    rf"(?i)\b{_SECRET_NAME}\b[\"']?\s*(?:[:=]|\bis\b)\s*[\"']?(?P<value>[^\s\"',;]{{6,}})")
# "my passphrase is 'blue mango 77 river'": a quoted value after a secret's name is the secret
# whole, spaces and all (when a digit or a sign in it shows it is not a sentence)
_QUOTED = re.compile(
    rf"(?i)\b{_SECRET_NAME}\b\s*(?:[:=]|\bis\b)\s*[\"'‘“](?P<value>[^\"'’”\n]{{6,64}})"
    r"(?=[\"'’”])")
# "auth token 1f3a5c7e9b2d...", "api key 0123abcd-...": a secret's name, then a long run of
# letters and digits with no sign between them; only a run that no word looks like (16
# characters at least, a digit and a letter in it)
_NAMED_BARE = re.compile(
    rf"(?i)\b{_SECRET_NAME}\b\s+(?P<value>(?=[^\s]*\d)(?=[^\s]*[a-z])[A-Za-z0-9+/_.~-]{{16,}}=*)")


# "the deploy token for staging is 9da6ab4a...": a secret's name, what it is for, then its value;
# only a run that no word looks like (as for a bare name)
_NAMED_FOR = re.compile(
    rf"(?i)\b{_SECRET_NAME}\b\s+(?:for|of|on|in)\s+(?:[\w.-]+\s+){{1,3}}?(?:[:=]|is)\s*[\"']?"
    r"(?P<value>(?=[^\s]*\d)(?=[^\s]*[a-z])[A-Za-z0-9+/_.~-]{16,}=*)")
# "AWS_SECRET_ACCESS_KEY=<your-secret-key>", "DB_PASSWORD=${DB_PASSWORD}": a template's
# placeholder or a reference to a variable, where the secret is to go; not a secret
_PLACEHOLDER = re.compile(r"<[^<>\s]+>|\$\{[^}\s]+\}|\$[A-Z_][A-Z0-9_]*|\{\{[^}]+\}\}|%[A-Z_][A-Z0-9_]*%|"
                          r"[xX*]{6,}")
# "TWILIO_AUTH_TOKEN=333a...", "the new auth token is 03ae...": a value named as a token
_TOKEN_NAMED = re.compile(r"(?i)(?:\b|_)token\b[\"']?\s*(?:[:=]|\bis\b)\s*[\"']?$|"
                          r"\btoken\s+(?:for|of|on|in)\s+(?:[\w.-]+\s+){1,3}?(?:[:=]|is)\s*[\"']?$")


# "-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----": a certificate is given to whoever
# connects, public by design; its lines look random but hold no secret (its private key does)
_CERTIFICATE = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*CERTIFICATE(?: REQUEST)?-----[\s\S]*?"
                          r"-----END (?:[A-Z0-9]+ )*CERTIFICATE(?: REQUEST)?-----")


def _looks_secret(value: str) -> bool:
    return len(value) >= 16 or (any(c.isdigit() for c in value) or not value.isalpha())


def _as_token(text: str, span: Span) -> Span:
    """A password or secret that the text names as a token just before it is a token."""
    if span.finding.kind == "credential" and _TOKEN_NAMED.search(text[max(0, span.start - 60):span.start]):
        return Span(span.start, span.end, _finding("token", "a token"))
    return span


def find_secrets(text: str) -> list[Span]:
    """API keys, tokens, private keys and assigned passwords."""
    from .scanner import find_scanned_secrets

    spans = find_scanned_secrets(text)
    for kind, pattern in _SECRET_PATTERNS:
        what = {"private_key": "a private key", "token": "a token"}.get(kind, "an API key")
        group = "value" if "value" in pattern.groupindex else 0  # the value, not its name
        spans += [Span(m.start(group), m.end(group), _finding(kind, what))
                  for m in pattern.finditer(text)]
    for match in [*_ASSIGNED.finditer(text), *_QUOTED.finditer(text), *_NAMED_BARE.finditer(text),
                  *_NAMED_FOR.finditer(text)]:
        # words alone in quotes ('password: "see the wiki"') say where it is, not what it is
        if _looks_secret(match.group("value").replace(" ", "")):
            spans.append(Span(match.start("value"), match.end("value"),
                              _finding("credential", "a password or secret")))
    spans = [span for span in spans if not _PLACEHOLDER.fullmatch(text[span.start:span.end])]
    public = [(m.start(), m.end()) for m in _CERTIFICATE.finditer(text)]
    spans = [span for span in spans if not any(start <= span.start and span.end <= end for start, end in public)]
    # widest first; on the same span a named format (API key, token) beats the context rule
    # that only saw a secret's name beside it (credential)
    return [_as_token(text, span) for span in _resolve([sorted(
        spans, key=lambda span: (span.start - span.end, span.finding.kind == "credential"))])]


# "my passport number is 533108427", "her German passport is C4J7R2N9K", "Reisepass-Nr. C01X00T47":
# a passport's number (6 to 9 letters and digits, one digit at least) named as one; "and"
# or a comma carries on to the next number of the same list
_PASSPORT = re.compile(
    r"(?i)\b(?:passport|passports|passeport|pasaporte|passaporto|passaporte|reisepass|paszport|"
    r"паспорт\w*|パスポート|护照|護照)\b(?:[\s:#.,-]+(?:number|numbers|no|nr|num|n°|nº|numéro|"
    r"número|numero|nummer|номер|is|are|was|reads|of|my|his|her|their|the|ending|in|id|mine|ours)"
    r"\b\.?)*"
    r"[\s:#.-]*(?P<value>(?=[A-Z]{0,3}\d)[A-Z0-9]{6,9})\b")
_MORE = re.compile(r"(?i)\s*(?:,|and|&|y|et|und|e)\s+(?:(?:my|his|her|their|our|the)\s+[\w'’]+\s+"
                   r"(?:is|:)\s+)?(?P<value>(?=[A-Z]{0,3}\d)[A-Z0-9]{6,9})\b")


def find_passports(text: str) -> list[Span]:
    """Passport numbers, where the text names them as such."""
    found = _finding("passport_number", "a passport number")
    spans = []
    for match in _PASSPORT.finditer(text):
        value = match.group("value")
        if (value.isdigit() and len(value) < 7) or value.isalpha():
            continue
        spans.append(Span(match.start("value"), match.end("value"), found))
        at = match.end()
        while more := _MORE.match(text, at):
            spans.append(Span(more.start("value"), more.end("value"), found))
            at = more.end()
    return spans


# "my SSN, 512-38-4471", "Social Security No. 512 38 4471", "my social: 512-48-3307", "his social
# is 512-44-8093": a US social security number (area not 000, 666 or 9xx, group not 00, serial
# not 0000) that the text names as one; "social" alone only as someone's ("my social"), right
# before the number or its "is"
_SSN = re.compile(
    r"(?i)\b(?:ssn|ss#|social\s+security(?:\s+(?:number|no|nr|#))?|social\s+sec\.?)\b"
    r"(?P<between>[^\d\n]{0,40}?)"
    r"(?<!\d)(?P<value>(?!000|666|9\d\d)\d{3}(?P<sep>[- ]?)(?!00)\d{2}(?P=sep)(?!0000)\d{4})(?![\d-])")
_MY_SOCIAL = re.compile(
    r"(?i)\b(?:my|your|his|her|their|our|the\s+(?:customer|client|patient|applicant)['’]?s)\s+"
    r"social\s*(?:#|no\.?)?\s*(?:[:=,]|\s(?:is|was|number\s+is))?\s*"
    r"(?<!\d)(?P<value>(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4})(?![\d-])")


def find_ssns(text: str) -> list[Span]:
    """US social security numbers, where the text names them as such."""
    found = _finding("ssn", "a social security number")
    return [Span(match.start("value"), match.end("value"), found)
            for pattern in (_SSN, _MY_SOCIAL) for match in pattern.finditer(text)]


DETECTORS: list[tuple[str, Callable[[str], list[Span]]]] = [
    ("secret", find_secrets), ("card", find_cards), ("iban", find_ibans), ("email", find_emails),
    ("passport", find_passports), ("ssn", find_ssns),
]
"""Detectors in order of precedence when their spans overlap (phones come last)."""


def _resolve(groups: Iterable[list[Span]]) -> list[Span]:
    """Keep each span unless an earlier group already claimed part of it."""
    chosen: list[Span] = []
    for spans in groups:
        for span in spans:
            if all(span.end <= kept.start or span.start >= kept.end for kept in chosen):
                chosen.append(span)
    return sorted(chosen, key=lambda span: span.start)


def find_pii(text: str, phone_region: str = "US") -> list[Span]:
    """Every piece of personal data or secret in ``text``, without overlaps, in order."""
    groups = [detect(text) for _, detect in DETECTORS]
    groups.append(find_phones(text, phone_region))
    return _resolve(groups)


def redact(text: str, spans: list[Span]) -> str:
    """``text`` with each span replaced by ``[REDACTED_<KIND>]``."""
    parts = []
    at = 0
    for span in spans:
        parts += [text[at:span.start], f"[REDACTED_{span.finding.kind.upper()}]"]
        at = span.end
    parts.append(text[at:])
    return "".join(parts)
