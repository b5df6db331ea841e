"""Arithmetic and unit conversion without ``eval``: ``simpleeval`` over ``pint`` units.

``"2**10 / 8"`` is 128; ``"3.5 km/h to m/s"`` is 0.9722 m/s; ``"100 degC in degF"``
is 212 degF. The expression is parsed by simpleeval (a whitelist of AST nodes);
names resolve to constants, a few math functions, or pint units. Before parsing,
implicit products are made explicit (``3.5 km`` -> ``3.5*km``) and adjacent
amounts are added (``5 ft 3 in``). Powers are bounded so no request can make the
server compute a number with millions of digits.

The tool server's ``calculator`` computes with :func:`calculate`; the agent's reading of a
question asks :func:`units` whether a word names a unit.
"""

from __future__ import annotations

import ast
import io
import math
import operator
import re
import tokenize
from functools import lru_cache
from typing import Any

from agentdesk.units import get_units

__all__ = ["MAX_EXPONENT", "MAX_EXPRESSION", "CalculationError", "calculate", "units"]

MAX_EXPRESSION = 300
MAX_EXPONENT = 10_000
MAX_DIGITS = 400  # no result beyond 10**400 (a float tops out near 1.8e308 anyway)


class CalculationError(ValueError):
    """An expression that cannot be computed, with a message for the caller."""


def units() -> Any:
    """The process's one pint registry (:func:`agentdesk.units.get_units`)."""
    return get_units()


def _magnitude(value: Any) -> Any:
    return getattr(value, "magnitude", value)


def _power(base: Any, exponent: Any) -> Any:
    exp = _magnitude(exponent)
    if not isinstance(exp, int | float) or getattr(exponent, "dimensionless", True) is False:
        raise CalculationError("an exponent must be a plain number")
    if abs(exp) > MAX_EXPONENT:
        raise CalculationError(f"exponent {exp} is too large (the limit is {MAX_EXPONENT})")
    size = abs(_magnitude(base)) if isinstance(_magnitude(base), int | float) else 0
    if size > 1 and exp > 0 and exp * math.log10(size) > MAX_DIGITS:
        raise CalculationError(f"the result would have more than {MAX_DIGITS} digits")
    return base ** exponent


_FUNCTIONS = {"sqrt": math.sqrt, "exp": math.exp, "ln": math.log, "log": math.log,
              "log10": math.log10, "log2": math.log2, "sin": math.sin, "cos": math.cos,
              "tan": math.tan, "asin": math.asin, "acos": math.acos, "atan": math.atan,
              "abs": abs, "round": round, "floor": math.floor, "ceil": math.ceil, "min": min,
              "max": max}
_CONSTANTS = {"pi": math.pi, "e": math.e, "tau": math.tau}
_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
              ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
              ast.Pow: _power, ast.USub: operator.neg, ast.UAdd: operator.pos}


def _name(node: ast.Name) -> Any:
    if node.id in _CONSTANTS:
        return _CONSTANTS[node.id]
    import pint

    try:
        return units().Unit(node.id)
    except (pint.errors.UndefinedUnitError, AttributeError, ValueError):
        raise CalculationError(f"unknown name or unit {node.id!r}") from None


def _explicit(expression: str) -> str:
    """Write implicit products and sums out: ``3.5 km/h`` -> ``3.5*km/h``, ``5 ft 3 in`` -> ``5*ft+3*inch``."""
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(expression).readline)
                  if t.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER)]
    except (tokenize.TokenError, SyntaxError) as exc:
        raise CalculationError(f"cannot read the expression: {exc}") from None
    out: list[str] = []
    previous: tokenize.TokenInfo | None = None
    for token in tokens:
        text = token.string
        if token.type == tokenize.NAME and text == "in":
            text = "inch"  # a keyword in Python, a unit here
        if previous is not None:
            prev_kind = previous.type
            prev_text = previous.string
            closes = prev_kind == tokenize.NUMBER or prev_text == ")" or prev_kind == tokenize.NAME
            if token.type == tokenize.NAME and closes and prev_kind != tokenize.NAME:
                out.append("*")
            elif token.type == tokenize.NAME and prev_kind == tokenize.NAME:
                out.append("_")  # "light year" -> light_year, "nautical mile" -> nautical_mile
            elif token.type == tokenize.NUMBER and prev_kind == tokenize.NAME:
                out.append("+")  # "5 ft 3 in": amounts side by side add up
            elif token.string == "(" and prev_kind == tokenize.NUMBER:
                out.append("*")
        out.append(text)
        previous = token
    return "".join(out)


# "<amount> to|in|into|as|-> <unit>": the last such word splits, so "12 in to cm" works.
_CONVERSION = re.compile(r"^(?P<amount>.+)\s+(?:to|in|into|as)\s+(?P<target>[^\d\s(][^=]*)$|"
                         r"^(?P<amount2>.+?)\s*(?:->|→)\s*(?P<target2>.+)$", re.IGNORECASE)


def _tidy(expression: str) -> str:
    text = expression.strip().rstrip("=?").strip()
    text = re.sub(r"^(?:what\s+is|what's|calculate|compute|convert|how\s+much\s+is)\s+", "", text,
                  flags=re.IGNORECASE)
    text = re.sub(r"(\d+(?:\.\d+)?)\s*%\s+of\s+", r"(\1/100)*", text, flags=re.IGNORECASE)
    for old, new in (("×", "*"), ("÷", "/"), ("−", "-"), ("^", "**"), ("²", "**2"), ("³", "**3"),
                     ("°C", "degC"), ("°F", "degF"), ("°", "deg")):
        text = text.replace(old, new)
    return text


@lru_cache(maxsize=1)
def _evaluator_class() -> type:
    from simpleeval import SimpleEval

    class Evaluator(SimpleEval):
        """simpleeval with numbers and units only: no text, no attributes."""

        def _eval_constant(self, node: ast.Constant) -> Any:
            if not isinstance(node.value, int | float) or isinstance(node.value, bool):
                raise CalculationError("only numbers and units are allowed")
            return node.value

        def _eval_attribute(self, node: ast.Attribute) -> Any:
            raise CalculationError("attribute access is not allowed")

    return Evaluator


def _evaluate(expression: str) -> Any:
    evaluator = _evaluator_class()(operators=_OPERATORS, functions=_FUNCTIONS, names=_name)
    try:
        return evaluator.eval(_explicit(expression))
    except CalculationError:
        raise
    except KeyError as exc:  # simpleeval's way of saying an operator is not in the table
        if "ast." in str(exc):
            raise CalculationError("that operator is not allowed (use + - * / // % **)") from None
        raise CalculationError(str(exc)) from None
    except ZeroDivisionError:
        raise CalculationError("division by zero") from None
    except SyntaxError as exc:
        raise CalculationError(f"not an arithmetic expression ({exc.msg})") from None
    except OverflowError:
        raise CalculationError("the result is too large") from None
    except Exception as exc:  # simpleeval and pint raise many kinds; the message is what counts
        raise CalculationError(_explain(exc)) from None


def _explain(exc: Exception) -> str:
    import pint

    if isinstance(exc, pint.errors.DimensionalityError):
        return f"cannot combine or convert {exc.units1} and {exc.units2}: they measure different things"
    if isinstance(exc, pint.errors.OffsetUnitCalculusError):
        return "temperatures in degC or degF cannot be multiplied or added; convert them first"
    name = type(exc).__name__
    message = str(exc).splitlines()[0] if str(exc) else name
    return {"FeatureNotAvailable": "that operation is not allowed",
            "FunctionNotDefined": "unknown function",
            "NumberTooHigh": "the result would be too large"}.get(name, message)


def _number(value: Any) -> int | float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CalculationError("the result is not a number")
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            raise CalculationError("the result is not a finite number")
        if value.is_integer() and abs(value) < 1e15:
            return int(value)
        return float(f"{value:.12g}")
    if abs(value) >= 10**MAX_DIGITS:
        raise CalculationError(f"the result would have more than {MAX_DIGITS} digits")
    return value


def calculate(expression: str) -> dict[str, Any]:
    """Compute ``expression``; returns the value, its unit (or None) and a display text.

    Raises:
        CalculationError: what is wrong with the expression, in words.
    """
    if not expression or not expression.strip():
        raise CalculationError("the expression is empty")
    if len(expression) > MAX_EXPRESSION:
        raise CalculationError(f"the expression is longer than {MAX_EXPRESSION} characters")
    text = _tidy(expression)
    if re.search(r"(?<![<>=!])=(?!=)", text):
        raise CalculationError("'=' is not allowed: write only the expression, e.g. '2 * 3'")
    target = None
    split = _CONVERSION.match(text)
    if split:
        text = split.group("amount") or split.group("amount2")
        target = (split.group("target") or split.group("target2")).strip()
    value = _evaluate(text)
    if isinstance(value, units().Unit):
        value = units().Quantity(1, value)
    if target is not None:
        if not hasattr(value, "to"):
            raise CalculationError(f"{text.strip()!r} has no unit to convert to {target!r}")
        wanted = _evaluate(target)
        wanted_units = getattr(wanted, "units", wanted)
        try:
            value = value.to(wanted_units)
        except Exception as exc:
            raise CalculationError(_explain(exc)) from None
    if hasattr(value, "magnitude"):
        magnitude = _number(value.magnitude)
        unit = None if value.unitless else f"{value.units:~P}"
        display = f"{magnitude:.6g}" if isinstance(magnitude, float) else str(magnitude)
        return {"expression": expression, "result": magnitude, "unit": unit,
                "text": f"{display} {unit}" if unit else display}
    number = _number(value)
    display = f"{number:.12g}" if isinstance(number, float) else str(number)
    return {"expression": expression, "result": number, "unit": None, "text": display}
