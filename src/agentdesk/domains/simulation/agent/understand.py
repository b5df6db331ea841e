"""What a person's words ask of the simulation bridge, read by code, not by the model.

A request such as "Load the one-compartment oral model, set the dose to 200 mg, run
it for 24 hours and tell me Cmax" becomes a :class:`Goal`: the model (matched against
``list_models``), parameter values (paths from the model's sidecar, amounts and units
read by :mod:`.amounts`), the simulated time, and the PK figures wanted. What cannot be read
without guessing (which model, which unit, a value outside the model's bounds) becomes
a question for the person instead.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz.distance import OSA

from .amounts import WORD_VALUE, Amount, convert, in_hours, numbers_in_digits, read_amounts

__all__ = ["METRICS", "Goal", "Setting", "read_goal"]

METRICS = ("cmax", "tmax", "auc", "auc_inf", "half_life")
"""The PK figures calculate_pk_parameters gives, in the order answers list them."""


@dataclass
class Setting:
    """One parameter value the person asked for, in the unit they gave."""

    path: str
    value: float
    unit: str


@dataclass
class Goal:
    """Everything the person asked for so far."""

    model_path: str | None = None
    model_choices: list[str] = field(default_factory=list)
    """Models the words fit equally well (the person must pick one)."""
    settings: dict[str, Setting] = field(default_factory=dict)
    run: bool = False
    end_time: float | None = None
    metrics: list[str] = field(default_factory=list)
    output: str = "C"
    list_models: bool = False
    list_parameters: bool = False
    read: list[str] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    """What must be asked before going on, as render-ready questions."""

    def needs_simulation(self) -> bool:
        return bool(self.settings or self.run or self.metrics or self.read
                    or self.list_parameters or self.model_path)


# -- words ------------------------------------------------------------------------------

_MODEL_WORDS = {"intravenous": "iv", "i.v.": "iv", "injection": "iv", "orally": "oral",
                "multiple": "repeated", "repeat": "repeated", "repeating": "repeated"}

_PARAMETER_WORDS: dict[str, tuple[str, ...]] = {
    # Longer phrases first: "intercompartmental clearance" is Q, plain "clearance" is CL.
    "Q": ("inter-compartmental clearance", "intercompartmental clearance",
          "inter compartmental clearance", "distribution clearance"),
    "V2": ("peripheral volume", "volume of the peripheral compartment", "vp"),
    "ka": ("absorption rate constant", "absorption rate", "absorption constant",
           "rate of absorption", "absorption"),
    "ke": ("elimination rate constant", "elimination rate", "elimination constant",
           "rate of elimination", "elimination"),
    "CL": ("clearance",),
    "V": ("volume of distribution", "central volume", "volume", "vd", "vc"),
    "F": ("bioavailability", "bioavailable fraction"),
    "tau": ("dosing interval", "dose interval", "interval"),
    "n_doses": ("number of doses",),
    "dose": ("dose", "dosage"),
}

_METRIC_WORDS = (
    ("auc_inf", r"auc\s*(?:_|-)?\s*(?:inf(?:inity)?|∞)|auc (?:to|extrapolated to) infinity|"
                r"auc\s*\(?\s*0\s*[-–]\s*(?:inf(?:inity)?|∞)\)?"),
    # "the peak" alone is Cmax, "how high" (a concentration gets) too; "time to (the) peak",
    # "when it peaks" and a closing "and when?" are Tmax.
    ("cmax", r"c\s?max|(?:initial )?peak (?:plasma )?concentration|maximum (?:plasma )?"
             r"concentration|(?<!time to )(?<!time of )(?<!time to the )(?<!time of the )(?<!-)"
             r"\bpeak\b(?! time)(?!s? (?:at|after|when))|\bhow high\b(?: (?:does|do|will|did) "
             r"(?:it|the (?:\w+ )?concentrations?|(?:the )?(?:\w+ )?levels?) (?:gets?|go(?:es)?|"
             r"rises?|climbs?|reach(?:es)?)\b)?"),
    ("tmax", r"t\s?max|time[- ](?:to|of)[- ](?:the[- ])?peak|time of (?:the )?maximum|\bpeak time\b|"
             r"\bwhen (?:does |will |did )?(?:it|the (?:\w+ )?concentration) "
             r"(?:peaks?|happens?|occurs?|is highest|reach(?:es)? (?:its|the) (?:peak|maximum))\b|"
             r"\band when\b(?=\s*(?:[?.!,]|$))"),
    ("half_life", r"half[- ]?li(?:fe|ves)|t\s?1/2|t½"),
    ("auc", r"\bauc\s*\(?\s*0\s*[-–]\s*t(?:last)?\b\)?|\bauc\b|area under the curve|"
            r"\b(?:total |overall |systemic )?exposure\b"),
)
_ALL_METRICS = r"pk parameters|pharmacokinetic parameters|pk figures|pk summary|all (?:the )?pk"


_QUALIFIER = re.compile(
    r"\b(?:not|unless|only if|if(?! you (?:could|can|would|might|don't mind)\b)|except|less than|more than|at least|at most|no more than|"
    r"no less than|instead of|without|minus|plus|greater than|fewer than|lower than|"
    r"higher than|above|below)\b|n't\b")
"""Words that change what a request asks and that no reading here takes into account."""


_KNOWN_TEXT = """
a an the this that these those it its it's i me my we us our you your there here
of for with and or but then to at in on by from as after over during until till through
across into per each every all both also just now first next again same new
is are be was were will would could can should may might do does did am been
please pls thanks thank kindly ok okay hi hey hello so only u i'd grateful quick check know if
finally lastly afterwards
has have patient takes take taking tablet capsule
what what's whats which how long much many when
give gives given giving administer administered administering administration
load loaded open opened use using used run runs running ran simulate simulated simulating
simulation simulations sim integrate compute calculate calculated estimate determine find get
report show display print return list tell let let's lets want need like set setting change
send provide share
changed make put keep see know out up
model models model's compartment compartments compartmental comp cmt single multiple repeated
repeat repeating oral orally iv i.v intravenous intravenously bolus injection injected
dose doses dosed dosing dosage amount drug parameter parameters value values default
defaults current pk pharmacokinetic pharmacokinetics figure figures summary result results
concentration concentrations plasma profile curve peak maximum max time tmax cmax auc area
under inf infinity extrapolated half life lives t elimination absorption rate rates constant
constants clearance volume distribution central peripheral bioavailability bioavailable
fraction interval number total terminal duration horizon output outputs end span
h hr hrs hour hours min mins minute minutes day days d week weeks mg milligram milligrams
g gram grams mcg ug µg microgram micrograms l litre litres liter liters ml millilitre
millilitres milliliter milliliters percent
"""
_KNOWN_WORDS = frozenset(_KNOWN_TEXT.split())
"""Words a request may hold that say nothing the plan does not use: filler, the verbs of
asking and simulating, and the words of models, parameters, figures and units. Any
other word is reported as unread (a meal, an infusion, a patient's weight), not dropped."""


_GREETING = re.compile(r"\A\s*(?:dear|hi|hello|hey|good (?:morning|afternoon|evening))\b[^\n]{0,40}"
                       r"\n", re.I)
_SIGN_OFF = re.compile(r"\n\s*(?:(?:kind|best|warm|many)\s+)?(?:regards|thanks|thank you|wishes|"
                       r"cheers|sincerely|best)\b[,!.]?[^\S\n]*\n(?P<name>(?:[^\n]*\n?){1,2})\Z", re.I)


_ROLE = (r"(?:student|pharmacist|nurse|resident|physician|doctor|clinician|researcher|intern|"
         r"trainee|scientist|pharmacologist|modell?er|teacher|lecturer|tutor|professor|fellow)")
_ASIDE = re.compile(
    # "Student here - ...", "PK modeller here:" at the start of the request or a sentence.
    rf"(?:\A|(?<=[.!?\n]))\s*(?:[a-z'-]+\s+){{0,2}}{_ROLE}\s+here\b(?=\s*[-–—,.:;!\n])|"
    rf"\bi(?:'m| am)\s+(?:a|an)\s+(?:[a-z'-]+\s+){{0,2}}{_ROLE}\b|"
    r"\A\s*good (?:morning|afternoon|evening)\b|"
    # "doing my PK homework", "for tomorrow's teaching session"
    r"\b(?:for|doing|working on|preparing|prepping)\s+(?:my|our|a|an|the|this|"
    r"(?:today|tomorrow|next week|this week)'s)\s+(?:[a-z'-]+\s+){0,2}(?:homework|assignment|"
    r"class|course|coursework|lecture|lesson|teaching(?: session)?|seminar|tutorial|exam|"
    r"revision|presentation|project|thesis|practical|workshop|journal club)\b", re.I)
"""Who is writing and what for: an aside that asks for nothing the simulation does."""


_FIRST_DOSE_AT_ZERO = re.compile(
    r"\(?\s*(?:with\s+)?(?:the\s+)?first\s+(?:dose|one|administration)\s+(?:is\s+)?"
    r"(?:(?:given|administered|taken)\s+)?at\s+(?:t\s*=\s*0(?:\s*h)?|time\s+(?:0|zero)|0\s*h)"
    r"(?![\w.])\s*\)?", re.I)
"""Where the text says the first dose is given at time zero ("(the first one at t=0)")."""


_AFTER_A_DOSE = re.compile(r"\s*(?:after|past|following)\s+(?:the\s+)?(?P<which>last|final|first|"
                           r"only|single)\s+(?:dose|administration)\b")
"""What follows a time to simulate for counted from a dose ("24 h after the last dose")."""


def _mass(name: str) -> str:
    return (rf"(?P<{name}>\d+(?:\.\d+)?)\s*-?\s*(?P<{name}_unit>mg|g|mcg|ug|µg|milligrams?|"
            r"micrograms?|grams?)\b")


_TABLET = r"(?:tablets?|tabs?|capsules?|caps?|pills?)"
_TAKEN_TOGETHER = re.compile(
    rf"\b(?P<count>\d+|two|three|four|five|six)\s+(?:(?:x|×)\s*)?(?:{_TABLET}\s+(?:of|at)\s+"
    rf"{_mass('each')}(?:\s+each)?|{_mass('strength')}\s+{_TABLET})\s+(?:together|at once|"
    r"at the same time|simultaneously|in one go)\b(?!\s+with\b)", re.I)
"""Tablets of one strength taken together ("2 tablets of 250 mg together", "two 100 mg
capsules at once"): one dose of them all. Tablets not said to be taken together may be
taken apart, and are asked about."""


def _taken_together(match: re.Match[str]) -> str:
    count = match.group("count").lower()
    number = float(count) if count.isdigit() else float(WORD_VALUE[count])
    name = "each" if match.group("each") else "strength"
    return f"{number * float(match.group(name)):g} {match.group(name + '_unit')}"


_LONG_WORDS = ("compartment", "compartments", "intravenous", "intravenously", "elimination",
               "absorption", "clearance", "bioavailability", "bioavailable", "distribution",
               "peripheral", "concentration", "concentrations", "repeated",
               "pharmacokinetic", "pharmacokinetics", "milligrams", "micrograms")
"""The long words of models, parameters and figures, whose misspellings are read as them."""


def _one_slip(word: str, right: str) -> bool:
    """Whether ``word`` is ``right`` with one letter changed, added, dropped or two
    neighbours swapped ("compartmnet", "clearence", "absorbtion", "elimnation"): an optimal
    string alignment distance of one."""
    return OSA.distance(word, right, score_cutoff=1) == 1


def _spelled_right(text: str) -> str:
    """``text`` with each misspelled long word of the simulation's own (a word no reading
    here knows, one slip from exactly one of :data:`_LONG_WORDS`) written as that word."""

    def right(match: re.Match[str]) -> str:
        word = match.group(0).lower()
        if word in _KNOWN_WORDS or word in _LONG_WORDS:
            return match.group(0)
        fits = [w for w in _LONG_WORDS if w[0] == word[0] and _one_slip(word, w)]
        return fits[0] if len(fits) == 1 else match.group(0)

    return re.sub(r"[^\W\d_]{8,}", right, text)


_SCALED = re.compile(
    r"\s+but\s+(?:(?:in|for)\s+(?:this|the|our|my)\s+(?:patient|case|subject|person)\s+|here\s+|"
    r"now\s+)?(?:it(?:'s|’s|\s+is|\s+was|\s+has\s+been|\s+has)|that(?:'s|\s+is))\s+"
    r"(?P<factor>doubled|halved|tripled|double|triple)\b", re.I)
"""What scales the value just before it: "(half-life) 6 h but in this patient it's doubled"."""
_FACTORS = {"doubled": 2.0, "double": 2.0, "tripled": 3.0, "triple": 3.0, "halved": 0.5}
_USUAL = re.compile(r"\s*\b(?:the\s+)?(?:usual|normal|typical)(?:ly)?\b", re.I)


def _scaled_values(text: str) -> str:
    """``text`` with a value its sentence then says is doubled, tripled or halved written
    scaled ("Usual elimination half-life is 6 h but in this patient it's doubled" is a
    half-life of 12 h), when it is the sentence's one amount: "it" has no other to mean.
    "usual" ("normally", "typical") there says the value is not the one to use."""
    amounts = read_amounts(text)  # rewritten from the end: those before each stay where they are
    for quantity in reversed(amounts):
        scaled = _SCALED.match(text, quantity.end)
        if not scaled or not quantity.unit:
            continue
        start = max(text.rfind(mark, 0, quantity.start) for mark in (". ", "; ", "\n", "? ", "! "))
        start = 0 if start < 0 else start + 1
        if any(start <= q.start and q.end <= quantity.start for q in amounts):
            continue
        factor = _FACTORS[scaled.group("factor").lower()]
        sentence = _USUAL.sub("", text[start:quantity.start])
        text = (f"{text[:start]}{sentence}{quantity.value * factor:g} {quantity.unit}"
                f"{text[scaled.end():]}")
    return text


def _letter_body(text: str) -> str:
    """A request written as a letter without its greeting line ("Dear team,") and its
    sign-off ("Kind regards," and a name on a line or two), which ask for nothing; a
    sign-off whose lines hold an amount with a unit or a figure is kept, to be read."""
    text = _GREETING.sub("", text)
    sign_off = _SIGN_OFF.search(text)
    if sign_off and not any(q.unit for q in read_amounts(sign_off.group("name"))) and not any(
            re.search(pattern, sign_off.group("name").lower()) for _, pattern in _METRIC_WORDS):
        text = text[:sign_off.start()]
    return text


def _clauses(text: str) -> list[str]:
    """The text cut at punctuation, new lines, dashes, "then" and "and", and at the end of a
    sentence ("V 40 L. 24 h." holds two: a unit's letter after a number ends one), but not
    after an initial ("i.v. bolus", "J. Halvorsen")."""
    return [part.strip() for part in re.split(
        r"[;,\n]|(?:(?<![.\s]\w)|(?<=\d\s[hdlgHDLG]))\.\s+|\s[-–—]\s| and then | then "
        r"| and (?!infinity)", text) if part.strip()]


_FILLER = r"(?:\s*(?:of|is|=|:|be|about|around|approximately|roughly|~))*\s*"
_HALF_LIFE_WORD = (r"(?:\b(elimination|terminal|plasma|absorption)\s+)?"
                   r"(?:half[- ]?li(?:fe|ves)\b|\bt\s?1/2|t½)")


def _given_half_lives(text: str) -> list[tuple[int, int, Amount, str]]:
    """(start, end, the time, "ka" or "ke") of each half-life the text gives a value to:
    "elimination half-life of 1.5 days", "a half-life 8 h", "an 8-hour half-life"."""
    lowered = text.lower()
    found = []
    for quantity in read_amounts(text):
        if in_hours(quantity) is None:
            continue
        before = re.search(rf"{_HALF_LIFE_WORD}{_FILLER}$", lowered[:quantity.start])
        after = re.match(rf"[\s-]*{_HALF_LIFE_WORD}", lowered[quantity.end:])
        if before:
            kind = before.group(1)
            found.append((before.start(), quantity.end, quantity, kind or ""))
        elif after and re.search(r"(?:hour|day|minute|week)$", lowered[:quantity.end]) and (
                "-" in lowered[quantity.start:quantity.end]
                or re.search(r"\b(?:an?|with)\s*$", lowered[:quantity.start])):
            # "an 8-hour half-life" (not "simulate 1 day half-life", a run and a figure)
            kind = after.group(1)
            found.append((quantity.start, quantity.end + after.end(), quantity, kind or ""))
    return [(s, e, q, "ka" if kind == "absorption" else "ke") for s, e, q, kind in found]


_PER_KG = r"\s*(?:/|per\b)\s*(?:kg|kilograms?|kilos?)\b"
"""What follows an amount given per kilogram of body weight ("5 mg/kg", "0.6 L per kg")."""
_BODY = r"(?:man|woman|male|female|patient|person|adult|child|boy|girl|subject|volunteer)"


def _body_weights(text: str) -> list[tuple[int, int, float]]:
    """(start, end, kilograms) of each body weight the text gives: "a 70 kg patient",
    "weighing 82 kg", "body weight: 64 kg"."""
    lowered = text.lower()
    found = []
    for quantity in read_amounts(text):
        if quantity.unit != "kg" or re.match(_PER_KG, lowered[quantity.end:]):
            continue
        before = re.search(rf"(?:\b{_BODY}\s+)?\b(?:weigh(?:s|ing)?|(?:body[- ]?)?weight"
                           r"(?:\s+(?:of|is))?)\s*[:=]?\s*$", lowered[:quantity.start])
        after = re.match(rf"[\s-]*{_BODY}\b", lowered[quantity.end:])
        if before:
            found.append((before.start(), quantity.end, quantity.value))
        elif after:
            found.append((quantity.start, quantity.end + after.end(), quantity.value))
    return found


def _weight_for_per_kg(text: str) -> float | None:
    """The one body weight an amount per kilogram in the text is to be multiplied by, or None
    (no amount per kg, no weight, or two weights): a weight alone changes no setting and is
    left unread, and an amount per kg without a weight cannot be read."""
    lowered = text.lower()
    weights = {kg for _, _, kg in _body_weights(text)}
    per_kg = any(re.match(_PER_KG, lowered[q.end:]) for q in read_amounts(text))
    return weights.pop() if per_kg and len(weights) == 1 else None


# How often a dose is given, in words: (pattern, the interval as value and unit).
_FREQUENCIES: tuple[tuple[str, tuple[float, str]], ...] = (
    (r"\b(?:twice|two times|2 times|2x)\s+(?:a|per|each|every)\s+day\b|\btwice[- ]daily\b|"
     r"\bb\.?i\.?d\b\.?", (12.0, "h")),
    (r"\b(?:three|3)\s+times\s+(?:a|per|each|every)\s+day\b|\b(?:thrice|three times)[- ]daily\b|"
     r"\bt\.?i\.?d\b\.?", (8.0, "h")),
    (r"\b(?:four|4)\s+times\s+(?:a|per|each|every)\s+day\b|\bfour times[- ]daily\b|"
     r"\bq\.?i\.?d\b\.?", (6.0, "h")),
    (r"\bevery (?:other|second) day\b|\bon alternate days\b", (2.0, "day")),
    (r"\b(?:once\s+(?:a|per|each|every)|every|each)\s+week\b|\b(?:once[- ])?weekly\b",
     (1.0, "week")),
    (r"\b(?:once|one time|1 time|1x)\s+(?:a|per|each|every)\s+day\b|\b(?:once[- ])?daily\b|"
     r"\bevery (?:day|morning|evening|night)\b|\bq\.?d\b\.?", (1.0, "day")),
    (r"\bonce\s+(?:an|per|each|every)\s+hour\b|\bevery hour\b|\bhourly\b", (1.0, "h")),
)


def _frequencies(lowered: str) -> list[tuple[int, int, float, str]]:
    """(start, end, value, unit) of each dosing frequency said in words ("once daily")."""
    found: list[tuple[int, int, float, str]] = []
    for pattern, (value, unit) in _FREQUENCIES:
        for match in re.finditer(pattern, lowered):
            if all(match.end() <= s or match.start() >= e for s, e, _, _ in found):
                found.append((match.start(), match.end(), value, unit))
    return sorted(found)


# -- models -----------------------------------------------------------------------------


_COMPARTMENT = r"(?:compartments?|comp|cmt)"
"""A compartment, written out or cut short ("one-comp", "2 cmt")."""


def _model_tokens(text: str) -> set[str]:
    folded = text.lower().replace("_", " ").replace("-", " ")
    for word, number in (("one", "1"), ("single", "1"), ("two", "2"), ("three", "3")):
        folded = re.sub(rf"\b{word}\s+(?=compartment|{_COMPARTMENT}\b)", number, folded)
    folded = re.sub(rf"\b(\d)\s*{_COMPARTMENT}\b", r"\1compartment", folded)
    tokens = set(re.findall(r"[a-z0-9.]+", folded))
    return {_MODEL_WORDS.get(token, token) for token in tokens} - {"model", "ant", "xml", "the"}


def _match_model(text: str, library: Sequence[dict[str, Any]]) -> tuple[str | None, list[str]]:
    """(the one model the words name, or None; the tied candidates when several fit)."""
    paths = [m["model_path"] for m in library]
    for path in paths:  # a model_path written out
        if path.lower() in text.lower():
            return path, []
    idents = {m["model_path"]: _model_tokens(f"{m.get('name', '')} {m['model_path']}")
              for m in library}
    counts: dict[str, int] = {}
    for tokens in idents.values():
        for token in tokens:
            counts[token] = counts.get(token, 0) + 1
    words = _model_tokens(text)
    scores = {path: sum(math.log(1 + len(paths) / counts[t]) for t in tokens & words)
              for path, tokens in idents.items()}
    best = max(scores.values(), default=0.0)
    if best <= 0:
        return None, []
    top = [path for path, score in scores.items() if math.isclose(score, best)]
    return (top[0], []) if len(top) == 1 else (None, top)


_DECLINED = re.compile(r"\(\s*(?:not|rather than|instead of)\s+([^()]+)\)|"
                       r",\s*(?:not|rather than|instead of)\s+((?:the|a|an)\s[^,.;()\n]+?)"
                       r"(?=[,.;\n]|$)", re.I)


def _without_declined_models(text: str, library: Sequence[dict[str, Any]]) -> str:
    """The text without the models it says it does not want ("the one-compartment oral model
    (not the two-compartment one)", "the oral one, not the IV bolus"), when what is declined
    names a model and the rest names another; otherwise the negation stays, to be asked."""
    for match in reversed(list(_DECLINED.finditer(text))):
        path, choices = _match_model(match.group(1) or match.group(2), library)
        declined = {path} if path else set(choices)
        rest = text[:match.start()] + text[match.end():]
        kept, _ = _match_model(rest, library)
        if declined and kept and kept not in declined:
            text = rest
    return text


# -- parameters -------------------------------------------------------------------------


def _parameter_mentions(clause: str, parameters: dict[str, dict[str, Any]],
                        ) -> list[tuple[int, int, str]]:
    """(start, end, path) of every parameter the clause names, longest phrases first."""
    taken: list[tuple[int, int, str]] = []
    lowered = clause.lower()

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e, _ in taken)

    phrases: list[tuple[str, str]] = []
    for path, words in _PARAMETER_WORDS.items():
        if path in parameters:
            phrases += [(phrase, path) for phrase in words]
    phrases += [(path, path) for path in parameters]
    for phrase, path in sorted(phrases, key=lambda item: -len(item[0])):
        # Short ids with capitals ("V", "F", "CL") are matched as written, others in any case.
        exact = len(phrase) <= 2 and phrase != phrase.lower()
        haystack = clause if exact else lowered
        pattern = rf"(?<![\w/]){re.escape(phrase if exact else phrase.lower())}(?![\w/])"
        matches = list(re.finditer(pattern, haystack))
        if exact:  # "cl 8 l/h": a short id in another case, right before its value
            matches += [m for m in re.finditer(
                rf"(?<![\w/]){re.escape(phrase.lower())}(?=[\s:=]*(?:(?:is|of|to|at)\s+)?[\d.])",
                lowered) if haystack[m.start():m.end()] != phrase]
        for match in matches:
            if path == "dose" and re.match(r"s\b", lowered[match.end():]):
                continue  # "5 doses" is a count, not the dose
            if free(*match.span()):
                taken.append((match.start(), match.end(), path))
    return sorted(taken)


_KEEP_DEFAULTS = re.compile(
    r"\b(?:leave|keep)\s+(?:everything|all|the rest|(?:all\s+)?(?:the\s+)?other parameters)"
    r"(?:\s+else)?\s+(?:at|as|on)\s+(?:the(?:ir)?\s+)?defaults?(?:\s+values?)?"
    r"(?P<but>\s*,?\s*(?:except|but|apart from|other than)(?:\s+for)?)?", re.I)


def _keeping_defaults(text: str, parameters: dict[str, dict[str, Any]],
                      ) -> tuple[str, list[str]]:
    """(the text without "leave everything at the defaults (except the dose)", which asks
    for no change, and the parameters it excepts). An exception that names no parameter
    right after it is kept, to be asked about."""
    excepted: list[str] = []
    for match in reversed(list(_KEEP_DEFAULTS.finditer(text))):
        if match.group("but"):
            named = _parameter_mentions(text[match.end():], parameters)
            if not named or text[match.end():match.end() + named[0][0]].strip(" ,:").lower() \
                    not in ("", "the"):
                continue
            excepted.append(named[0][2])
        text = text[:match.start()] + " " + text[match.end():]
    return text, excepted


def _fits(quantity: Amount, info: dict[str, Any]) -> bool:
    unit = info.get("unit") or ""
    if unit in ("", "dimensionless"):
        return quantity.unit in ("", "percent")
    return bool(quantity.unit) and convert(1.0, quantity.unit, unit) is not None


def _bounds_question(path: str, setting: Setting, info: dict[str, Any]) -> str | None:
    unit = info.get("unit") or "dimensionless"
    value = convert(setting.value, setting.unit or "dimensionless", unit)
    if value is None:
        return (f"{setting.value:g} {setting.unit} cannot be expressed in {unit}, the unit of "
                f"{path}. What value should {path} have?")
    low, high = info.get("min"), info.get("max")
    if (low is not None and value < low) or (high is not None and value > high):
        return (f"{setting.value:g} {setting.unit or ''} is outside the plausible range of "
                f"{path} ({low:g} to {high:g} {unit}). What value should I use?").replace(
                    "  ", " ")
    if info.get("integer") and not float(value).is_integer():
        return f"{path} must be a whole number. How many should it be?"
    return None


_UNREAD = ("I could not read", "I read two")
"""How questions about what was not read, or read twice, begin."""


class _Reader:
    """Reads one piece of the person's text into a goal."""

    def __init__(self, goal: Goal, library: Sequence[dict[str, Any]],
                 active: dict[str, Any] | None) -> None:
        self.goal = goal
        self.library = library
        self.active = active
        self.said: dict[str, Setting] = {}
        """What the text being read sets, to catch two values for one thing."""
        self.said_end: tuple[float, str] | None = None
        """The simulated time the text being read gives (hours, as written), likewise."""
        self.weight: float | None = None
        """The body weight (kg) the text being read gives for its amounts per kg."""
        self.after_last: tuple[float, str] | None = None
        """A time after the last dose to simulate until (hours, as written), once the
        doses are known."""

    def parameters(self) -> dict[str, dict[str, Any]]:
        """The chosen model's parameters (current values when it is loaded)."""
        if self.active and self.active.get("model_path") == self.goal.model_path:
            return {p["path"]: p for p in self.active.get("parameters") or []}
        for model in self.library:
            if model["model_path"] == self.goal.model_path:
                return {p["path"]: p for p in model.get("parameters") or []}
        return self.every_parameter()

    def every_parameter(self) -> dict[str, dict[str, Any]]:
        """The parameters of every model in the library, each path once."""
        merged: dict[str, dict[str, Any]] = {}
        for model in self.library:
            for param in model.get("parameters") or []:
                merged.setdefault(param["path"], param)
        return merged

    def defaults(self) -> dict[str, Any]:
        """The chosen model's default parameter values, from the library."""
        for model in self.library:
            if model["model_path"] == self.goal.model_path:
                return {p["path"]: p.get("value") for p in model.get("parameters") or []}
        return {}

    def read(self, text: str, about: dict[str, Any] | None = None) -> None:
        """Fold ``text`` into the goal; ``about`` is the call a rejection answered."""
        goal = self.goal
        self.said, self.said_end, self.after_last = {}, None, None
        text = re.sub(r"[^\S\n]+", " ", text)  # spacing says nothing (a new line parts clauses)
        text = _spelled_right(text)
        text = numbers_in_digits(_letter_body(text) if about is None else text)
        text = _without_declined_models(_scaled_values(text), self.library)
        self.weight = _weight_for_per_kg(text)
        # "q8h" is "every 8 h".
        text = re.sub(r"\bq\s?(\d+(?:\.\d+)?)\s?(h|hr|hrs|hours?)\b", r"every \1 \2", text,
                      flags=re.I)
        # "peak conc." is "peak concentration", "the 1st" is "the first".
        text = re.sub(r"\bconc(?:n|s)?\b\.?", "concentration", text, flags=re.I)
        text = re.sub(r"\b1st\b", "first", text, flags=re.I)
        # Every model gives its (first) dose at t = 0: saying so asks for nothing.
        text = _FIRST_DOSE_AT_ZERO.sub(" ", text)
        text = _TAKEN_TOGETHER.sub(_taken_together, text)
        # An answer to "which model?" picks among the models offered.
        offered = [m for m in self.library if m["model_path"] in goal.model_choices]
        path, choices = _match_model(text, offered or self.library)
        if path:
            goal.model_path, goal.model_choices = path, []
            goal.questions = [q for q in goal.questions if not q.startswith("Which model")]
        elif choices and not goal.model_path:
            goal.model_choices = choices
        lowered = text.lower()
        for start, end, _, _ in _given_half_lives(text):
            lowered = lowered[:start] + " " * (end - start) + lowered[end:]
        if re.search(r"\b(?:which|what|list|available|show)\b.*\bmodels\b", lowered):
            goal.list_models = True
        if re.search(r"\b(?:list|which|what|show)\b.*\bparameters\b", lowered) and not \
                re.search(_ALL_METRICS, lowered):
            goal.list_parameters = True
        if re.search(_ALL_METRICS, lowered):
            goal.metrics = list(METRICS)
        patterns = dict(_METRIC_WORDS)
        to_infinity = {m.start() for m in re.finditer(patterns["auc_inf"], lowered)}
        plain_auc = any(m.start() not in to_infinity
                        for m in re.finditer(patterns["auc"], lowered))
        for name, pattern in _METRIC_WORDS:
            # "AUC to infinity" alone does not ask for AUC(0-tlast) as well.
            skip = name == "auc" and "auc_inf" in goal.metrics and not plain_auc
            if re.search(pattern, lowered) and name not in goal.metrics and not skip:
                goal.metrics.append(name)
        if re.search(r"peripheral concentration|\bc2\b", lowered):
            goal.output = "C2"
        if re.search(r"\b(?:run|sim(?:ulat\w*)?|integrate)\b", lowered) or goal.metrics:
            goal.run = True
        text, excepted = _keeping_defaults(text, self.parameters())
        for clause in _clauses(text):
            self._clause(clause, about)
        for path in excepted:  # "everything at the defaults except the dose" and no dose
            if path not in goal.settings:
                unit = self.parameters()[path].get("unit") or "dimensionless"
                goal.questions.append(f"What value should {path} be set to (in {unit})?")
        if self.after_last is not None:
            self._after_last_dose(*self.after_last)
        if about is None:
            self._unknown_words(text)

    def _after_last_dose(self, hours: float, said: str) -> None:
        """Simulate until ``hours`` after the last dose: the doses' interval and number as
        the text sets them, or the model's own; a single dose is given at t = 0."""
        if self.goal.model_path is None:
            return  # the model is asked for first, then the time
        parameters = self.parameters()
        if "tau" not in parameters or "n_doses" not in parameters:
            self._end(hours, said)
            return
        known = {path: convert(setting.value, setting.unit, "h" if path == "tau" else
                               "dimensionless") if (setting := self.goal.settings.get(path))
                 else parameters[path].get("value") for path in ("tau", "n_doses")}
        tau, doses = known["tau"], known["n_doses"]
        if tau is None or doses is None:
            return
        self._end((float(doses) - 1) * float(tau) + hours, said)

    def _unknown_words(self, text: str) -> None:
        """Ask about the words of a request that no reading here takes into account."""
        lowered = text.lower()
        masked = list(lowered)
        known = set(_KNOWN_WORDS) | set(_MODEL_WORDS)
        for model in self.library:
            known |= set(re.findall(r"[a-z0-9]+", f"{model.get('name', '')} "
                                                  f"{model['model_path']}".lower()))
            for param in model.get("parameters") or []:
                known.add(param["path"].lower())
        for phrases in _PARAMETER_WORDS.values():
            known |= {word for phrase in phrases for word in re.findall(r"[a-z0-9]+", phrase)}
        spans = [(q.start, q.end) for q in read_amounts(text)]
        spans += [(m.start(), m.end()) for m in _QUALIFIER.finditer(lowered)]
        spans += [(s, e) for s, e, _, _ in _frequencies(lowered)]
        spans += [m.span() for m in _ASIDE.finditer(lowered)]
        spans += [m.span() for m in _AFTER_A_DOSE.finditer(lowered)]
        if self.weight is not None:
            spans += [(s, e) for s, e, _ in _body_weights(text)]
            spans += [(q.end, q.end + per.end()) for q in read_amounts(text)
                      if (per := re.match(_PER_KG, lowered[q.end:]))]
        spans += [(m.start(), m.end()) for _, pattern in _METRIC_WORDS
                  for m in re.finditer(pattern, lowered)]
        spans += [(m.start(), m.end()) for m in re.finditer(_ALL_METRICS, lowered)]
        spans += [m.span() for m in re.finditer(r"(?<![\w.])[x×](?=\s*\d)", lowered)]  # "x 6 doses"
        for start, end in spans:
            masked[start:end] = " " * (end - start)
        unknown = [m for m in re.finditer(r"[^\W\d_]+(?:['’.][^\W\d_]+)*", "".join(masked))
                   if m.group(0) not in known and m.group(0).rstrip("'’s") not in known]
        if not unknown:
            return
        # The unread words and what lies between them, within the clause of the first one.
        clause = next((c for c in _clauses(text) if unknown[0].group(0) in c.lower()), text)
        offset = lowered.find(clause.lower())
        inside = [m for m in unknown if offset <= m.start() < offset + len(clause)] or unknown
        said = text[inside[0].start():inside[-1].end()]
        self.goal.questions.append(
            f"I could not read {said!r} (in {clause.strip()!r}); a simulation from the rest "
            "would ignore it. What exact values should I use?")

    def _clause(self, clause: str, about: dict[str, Any] | None) -> None:
        goal = self.goal
        parameters = self.parameters()
        lowered = clause.lower()
        quantities = read_amounts(clause)
        # Words of another model's parameter are read too ("peripheral volume" is not the
        # one-compartment model's "volume"), to ask about a value given to them.
        mentions = _parameter_mentions(clause, {**self.every_parameter(), **parameters})
        # "3 mg/kg" or "5 mg per kg": an amount whose unit goes on past what was read.
        cut = [q for q in quantities if re.match(r"\s*(?:/|per\b)\s*[a-zµμ]",
                                                 lowered[q.end:])]
        quantities = [q for q in quantities if q not in cut]
        if self.weight is not None:  # "0.6 L/kg" for an 82 kg man is 49.2 L
            weights = [(s, e) for s, e, _ in _body_weights(clause)]
            quantities = [q for q in quantities if not any(s <= q.start < e for s, e in weights)]
            per_kg = [(q, kg) for q in cut if (kg := re.match(_PER_KG, lowered[q.end:]))]
            cut = [q for q in cut if all(q is not p for p, _ in per_kg)]
            quantities = sorted(quantities + [Amount(q.start, q.end + kg.end(),
                                                     q.value * self.weight, q.unit)
                                              for q, kg in per_kg], key=lambda q: q.start)
        # The numbers of a figure's name ("t1/2", "AUC(0-inf)") are not amounts.
        figures = [m.span() for _, pattern in _METRIC_WORDS for m in re.finditer(pattern, lowered)]
        quantities = [q for q in quantities if not any(s <= q.start < e for s, e in figures)]
        used: set[int] = set()
        spans: list[tuple[int, int]] = []
        # A half-life given a value sets the rate constant it stands for (k = ln 2 / t½),
        # in the person's time unit ("half-life 1.5 days" is ke = 0.462 1/day).
        for start, end, time, rate in _given_half_lives(clause):
            index = next((i for i, q in enumerate(quantities) if q.start == time.start), None)
            if index is None:
                continue
            used.update(i for i, q in enumerate(quantities) if start <= q.start < end)
            spans.append((start, end))
            if rate in parameters:
                self._set(rate, Setting(rate, math.log(2) / time.value, f"1/{time.unit}"),
                          parameters)
            else:
                kind = "absorption" if rate == "ka" else "elimination"
                goal.questions.append(
                    f"I could not read {clause[start:end].strip()!r}: {self._model_name()} has "
                    f"no {kind} rate constant to set from a half-life. What values should I "
                    "use instead?")
        # "once daily", "twice a day", "every other day": a dosing interval in words.
        intervals: list[tuple[int, float]] = []  # (where it ends, hours)
        for start, end, value, unit in _frequencies(lowered):
            if any(q.start < start < q.end for q in quantities):
                continue  # "4.8 a day" is a rate
            used.update(i for i, q in enumerate(quantities) if start <= q.start < end)
            spans.append((start, end))
            if "tau" in parameters:
                self._set("tau", Setting("tau", value, unit), parameters)
                intervals.append((end, convert(value, unit, "h") or math.nan))
            else:
                goal.questions.append(self._no_interval(clause[start:end]))
        mentions = [m for m in mentions if not any(s <= m[0] and m[1] <= e for s, e in spans)]
        for start, end, path in [m for m in mentions if m[2] not in parameters]:
            pick = self._quantity_for(lowered, start, end, quantities, used,
                                      self.every_parameter()[path])
            if pick is not None:
                used.add(pick)
                goal.questions.append(
                    f"I could not read {clause[start:quantities[pick].end].strip()!r}: "
                    f"{self._model_name()} has no {path}. What values should I use instead?")
        mentions = [m for m in mentions if m[2] in parameters]
        # "every 12 hours" is a dosing interval, "5 doses" a number of doses.
        for index, quantity in enumerate(quantities):
            if index in used:
                continue
            before = lowered[:quantity.start].rstrip()
            after = lowered[quantity.end:].lstrip()
            every = re.search(r"\b(?:every|each|q)$", before)
            if every and (hours := in_hours(quantity)) is not None:
                if "tau" in parameters:
                    self._set("tau", Setting("tau", quantity.value, quantity.unit), parameters)
                    intervals.append((quantity.end, hours or math.nan))
                else:
                    goal.questions.append(self._no_interval(clause[every.start():quantity.end]))
                used.add(index)
            elif "n_doses" in parameters and not quantity.unit and re.match(r"doses\b", after):
                self._set("n_doses", Setting("n_doses", quantity.value, "dimensionless"),
                          parameters)
                used.add(index)
        # "every 12 hours for 3 days" doses for 3 days: 6 doses (the simulated time is said
        # apart, or asked for).
        for end, interval in intervals:
            for index, quantity in enumerate(quantities):
                period = in_hours(quantity)
                if index in used or period is None or not re.fullmatch(
                        r"\s*(?:for|over|during|across|x|×)\s*", lowered[end:quantity.start]):
                    continue
                if "n_doses" in parameters and "n_doses" not in self.said and \
                        math.isclose(period / interval, round(period / interval)):
                    self._set("n_doses", Setting("n_doses", float(round(period / interval)),
                                                 "dimensionless"), parameters)
                    used.add(index)
        for start, end, path in mentions:
            if path in ("tau", "n_doses") and path in goal.settings:
                continue
            pick = self._quantity_for(lowered, start, end, quantities, used, parameters[path])
            if pick is not None and path == "V" and "V2" in parameters and re.fullmatch(
                    r"vd|volume of distribution", lowered[start:end]):
                # With two compartments a volume of distribution may be the central one or
                # the whole (V + V2): asked, not guessed.
                used.add(pick)
                goal.questions.append(
                    f"I could not read {clause[start:quantities[pick].end].strip()!r}: "
                    f"{self._model_name()} has a central volume V and a peripheral volume V2. "
                    "What values should I use?")
                continue
            if pick is not None:
                used.add(pick)
                quantity = quantities[pick]
                unit = quantity.unit or ("dimensionless" if (parameters[path].get("unit") or
                                                             "dimensionless") == "dimensionless"
                                         else "")
                self._set(path, Setting(path, quantity.value, unit), parameters)
            elif factor := re.search(r"\b(double|triple|halve|half)\b(?![- ]?li(?:fe|ves))",
                                     lowered):
                # Relative to the model's default: re-reading the request after the change
                # must give the same target, not double it again.
                current = self.defaults().get(path)
                scale = {"double": 2.0, "triple": 3.0}.get(factor.group(1), 0.5)
                if current is not None:
                    self._set(path, Setting(path, float(current) * scale,
                                            parameters[path].get("unit") or "dimensionless"),
                              parameters)
            elif re.search(r"\b(?:what|current|value of|show|tell me|read|get)\b", lowered):
                if path not in goal.read and path not in goal.settings:
                    goal.read.append(path)
            elif re.search(r"\b(?:set|change|make|increase|decrease|raise|lower|bigger|"
                           r"smaller|higher|adjust)\b", lowered):
                unit = parameters[path].get("unit") or "dimensionless"
                goal.questions.append(f"What value should {path} be set to (in {unit})?")
        for index, quantity in enumerate(quantities):
            if index not in used and quantity.value == 0 and (
                    not quantity.unit or in_hours(quantity) is not None) and any(
                    in_hours(q) is not None and re.fullmatch(
                        r"\s*(?:to|until|till|-|–|through)\s*", lowered[quantity.end:q.start])
                    for q in quantities if q is not quantity):
                used.add(index)  # "from 0 to 48 h": the run starts at 0
        for index, quantity in enumerate(quantities):
            if index in used:
                continue
            hours = in_hours(quantity)
            from_dose = _AFTER_A_DOSE.match(lowered, quantity.end)
            if hours is not None and from_dose:  # "until 24 h after the last dose"
                said = clause[quantity.start:from_dose.end()].strip()
                if from_dose.group("which") in ("last", "final"):
                    self.after_last = (hours, said)
                else:
                    self._end(hours, said)
                used.add(index)
                continue
            if hours is not None and (
                    re.search(r"\b(?:for|over|during|until|to|through|across|of|duration|horizon|"
                              r"end[- ]time|simulation time|time span)\s*[:=]?\s*$",
                              lowered[:quantity.start])
                    or re.match(r"\s*(?:simulation|run|long)\b", lowered[quantity.end:])
                    or re.search(r"\b(?:run|sim(?:ulat\w*)?)\b", lowered)
                    or (goal.run and not lowered[:quantity.start].strip()  # "..., 24 h, ..."
                        and not lowered[quantity.end:].strip(" .?!"))
                    or (about or {}).get("tool") == "run_simulation"):
                self._end(hours, clause[quantity.start:quantity.end].strip())
                used.add(index)
                continue
            target = (about or {}).get("args", {}).get("parameter_path")
            asked = str((about or {}).get("question") or "")
            if hours is not None and "how many hours" in asked.lower():
                self._end(hours, clause[quantity.start:quantity.end].strip())
                used.add(index)
                continue
            if target is None and asked:  # an answer to a question about one parameter
                named = _parameter_mentions(asked, parameters)
                target = named[0][2] if named else None
            if target in parameters and _fits(quantity, parameters[target]):
                self._set(target, Setting(target, quantity.value, quantity.unit or
                                          "dimensionless"), parameters)
                used.add(index)
                continue
            # An amount whose unit only one parameter takes ("250 mg" is the dose).
            fitting = [p for p, info in parameters.items()
                       if quantity.unit and _fits(quantity, info)]
            if len(fitting) == 1 and quantity.dimension() != "[time]":
                self._set(fitting[0], Setting(fitting[0], quantity.value, quantity.unit),
                          parameters)
                used.add(index)
        self._unread(clause, cut + [q for i, q in enumerate(quantities) if i not in used],
                     about)

    def _model_name(self) -> str:
        return f"the model {self.goal.model_path}" if self.goal.model_path else "the model"

    def _no_interval(self, said: str) -> str:
        return (f"I could not read {said.strip()!r}: {self._model_name()} gives a single dose "
                "and has no dosing interval. Which model or values should I use?")

    def _end(self, hours: float, said: str) -> None:
        """The simulated time; two different ones in one text are a question."""
        if self.said_end is not None and not math.isclose(self.said_end[0], hours):
            self.goal.questions.append(
                f"I read two simulated times, {self.said_end[1]!r} and {said!r}. For how long "
                "should I simulate?")
        self.said_end = (hours, said)
        self.goal.end_time, self.goal.run = hours, True

    def _unread(self, clause: str, left: list[Amount], about: dict[str, Any] | None) -> None:
        """Ask about what the clause says and nothing here used: an amount, or (in the
        request itself) a negation, condition or comparison the plan would ignore."""
        lowered = clause.lower()
        for quantity in left:
            if not quantity.unit and re.match(rf"[\s-]*{_COMPARTMENT}\b",
                                              lowered[quantity.end:]):
                continue  # "1-compartment" names the model
            rest = re.match(r"\s*(?:/|per\b)\s*\w+", clause[quantity.end:])
            said = (clause[quantity.start:quantity.end] + (rest.group(0) if rest else "")).strip()
            self.goal.questions.append(f"I could not read what {said!r} is for. Which "
                                       "parameter or time is it?")
        if about is None and (found := _QUALIFIER.search(lowered)):
            self.goal.questions.append(
                f"I could not read {clause.strip()!r} (the words {found.group(0)!r}); a "
                "simulation from the rest would ignore it. What exact values should I use?")

    @staticmethod
    def _quantity_for(lowered: str, start: int, end: int, quantities: list[Amount],
                      used: set[int], info: dict[str, Any]) -> int | None:
        """The amount that goes with a parameter named at start:end, if one fits."""
        after = [(q.start - end, i) for i, q in enumerate(quantities)
                 if i not in used and q.start >= end and (_fits(q, info) or not q.unit)
                 and re.fullmatch(r"\s*(?:\(\s*[\w/]{1,6}\s*\))?"  # "clearance (Q) 18 L/h"
                                  r"[\s:=]*(?:(?:to|of|at|is|be|=|from \S+ to|by)\s*)*"
                                  r"(?:about |around |approximately )?", lowered[end:q.start])]
        if after:
            return min(after)[1]
        before = [(start - q.end, i) for i, q in enumerate(quantities)
                  if i not in used and q.end <= start and _fits(q, info)
                  and re.fullmatch(r"[\s-]*(?:(?:oral|iv|intravenous|single|bolus|total)\s*)*",
                                   lowered[q.end:start])]
        return min(before)[1] if before else None

    def _set(self, path: str, setting: Setting, parameters: dict[str, dict[str, Any]]) -> None:
        if setting.unit == "":
            unit = parameters[path].get("unit") or "dimensionless"
            self.goal.questions.append(
                f"In which unit is {setting.value:g} for {path}? (its unit is {unit})")
            return
        previous = self.said.get(path)
        unit = parameters[path].get("unit") or "dimensionless"
        if previous is not None and not math.isclose(
                convert(previous.value, previous.unit, unit) or math.nan,
                convert(setting.value, setting.unit, unit) or math.nan):
            self.goal.questions.append(
                f"I read two values for {path}: {previous.value:g} {previous.unit} and "
                f"{setting.value:g} {setting.unit}. Which should I use?".replace(
                    " dimensionless", ""))
            return
        self.said[path] = setting
        question = _bounds_question(path, setting, parameters[path])
        if question:
            self.goal.questions.append(question)
            self.goal.settings.pop(path, None)
            return
        # A value settles the questions asked for it (not what could not be read).
        self.goal.questions = [q for q in self.goal.questions if q.startswith(_UNREAD) or (
            f" {path} " not in q and not q.endswith(f"{path}?"))]
        self.goal.settings[path] = setting


def read_goal(texts: Iterable[tuple[str, dict[str, Any] | None]],
              library: Sequence[dict[str, Any]], active: dict[str, Any] | None) -> Goal:
    """The goal of everything the person wrote, in order.

    Args:
        texts: (text, the call it answered) pairs: the request first, then answers to
            questions and rejections (a rejection's amount applies to the rejected call).
        library: ``list_models``' models (path, name, parameters with units and bounds).
        active: the loaded simulation's context, if any (current values).
    """
    goal = Goal()
    reader = _Reader(goal, library, active)
    for text, about in texts:
        before = list(goal.questions)
        reader.read(text, about)
        # An answer replaces the questions it was given for.
        if about is not None and about.get("kind") == "clarify":
            goal.questions = [q for q in goal.questions if q not in before]
    if goal.run and goal.metrics == []:
        goal.metrics = ["cmax", "tmax", "auc"]
    return goal
