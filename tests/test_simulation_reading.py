"""The simulation reader on requests written in other people's words: rates per minute or
per day in any spelling, micrograms and percents converted by pint, nothing it cannot read
dropped in silence, and the confirmation showing both the written and the model's unit."""

from __future__ import annotations

import math
from typing import Any

import pytest

from agentdesk.domains.simulation.agent.amounts import convert, read_amounts
from agentdesk.domains.simulation.agent.nodes import summary_for
from agentdesk.domains.simulation.agent.understand import read_goal
from agentdesk.domains.simulation.bridge.engine import configured_dirs, iter_models, load_spec


@pytest.fixture(scope="module")
def library() -> list[dict[str, Any]]:
    return [load_spec(file, root).summary() for file, root in iter_models(configured_dirs(None))]


def _in_model_units(library: list[dict[str, Any]], text: str) -> tuple[Any, dict[str, float]]:
    goal = read_goal([(text, None)], library, None)
    units = {p["path"]: p["unit"] for m in library if m["model_path"] == goal.model_path
             for p in m["parameters"]}
    return goal, {path: convert(s.value, s.unit, units[path]) or math.nan
                  for path, s in goal.settings.items()}


@pytest.mark.parametrize(("written", "per_hour"), [
    ("0.01 per minute", 0.6), ("0.01/min", 0.6), ("0.01 min-1", 0.6), ("0.01 min^-1", 0.6),
    ("0.01 min⁻¹", 0.6), ("0.01 minute^-1", 0.6), ("0.01 /minute", 0.6),
    ("4.8 per day", 0.2), ("4.8/day", 0.2), ("4.8 d-1", 0.2), ("0.2 h^-1", 0.2)])
def test_a_rate_in_any_spelling_converts_to_per_hour(written: str, per_hour: float) -> None:
    (amount,) = read_amounts(written)
    assert convert(amount.value, amount.unit, "1/h") == pytest.approx(per_hour)


def test_a_rate_per_minute_is_not_read_as_minutes_to_simulate(
        library: list[dict[str, Any]]) -> None:
    # Before: "0.01 min-1" was 0.01 minutes, taken as the simulated time, and ke kept its
    # default: a half-life for another drug, stated with confidence.
    goal, values = _in_model_units(library, "Simulate the one-compartment oral model for "
                                            "24 h with ke 0.01 min-1 and report the half-life")
    assert values == {"ke": pytest.approx(0.6)}
    assert goal.end_time == 24 and goal.questions == []


@pytest.mark.parametrize(("text", "path", "value"), [
    ("Give 250000 micrograms with the one-compartment oral model and simulate 24 h", "dose",
     250.0),
    ("IV bolus model with a 400 mcg dose, 8 hours, Cmax", "dose", 0.4),
    ("Set bioavailability to 45 % in the one-compartment oral model, simulate 24h, AUC", "F",
     0.45),
    ("one-compartment oral model with 70 percent bioavailability, 24 h, AUC", "F", 0.7),
    ("IV bolus model, CL 100 mL/min, simulate 12 h, report AUC", "CL", 6.0),
    ("IV bolus model: clearance 0.1 L/min, simulate 10 h, half-life", "CL", 6.0)])
def test_micrograms_percents_and_flows_per_minute(library: list[dict[str, Any]], text: str,
                                                  path: str, value: float) -> None:
    goal, values = _in_model_units(library, text)
    assert values == {path: pytest.approx(value)}
    assert goal.end_time is not None and goal.questions == []


def test_a_duration_on_its_own_between_dashes_is_the_simulated_time(
        library: list[dict[str, Any]]) -> None:
    goal = read_goal([("One-compartment oral model - dose 0.3 g - 24 hours - what's Cmax?",
                       None)], library, None)
    assert goal.end_time == 24 and goal.questions == []


@pytest.mark.parametrize(("text", "model", "values", "hours"), [
    # Spacing says nothing: "0.01  per  minute" is the rate "0.01 per minute" is.
    ("One-compartment  oral  model:  ke  =  0.01  per  minute.  Simulate  24  h ...",
     "one_compartment_oral.ant", {"ke": 0.6}, 24),
    ("Run  the  IV  bolus  model  for  45  minutes  and  tell  me  Cmax ...",
     "one_compartment_iv_bolus.ant", {}, 0.75),
    # "one-cmt" is "1-cmt", as "one-compartment" is "1-compartment".
    ("one-cmt oral model, ke 4.8 per day, two days of simulation, half life",
     "one_compartment_oral.ant", {"ke": 0.2}, 48)])
def test_any_spacing_and_a_compartment_count_in_words(
        library: list[dict[str, Any]], text: str, model: str, values: dict[str, float],
        hours: float) -> None:
    goal, read = _in_model_units(library, text)
    assert (goal.model_path, read, goal.end_time, goal.questions) == (
        model, {p: pytest.approx(v) for p, v in values.items()}, hours, [])


@pytest.mark.parametrize(("text", "said"), [
    ("One-compartment oral model, simulate 24 h, Cmax, but not with the default dose - use "
     "50 mg less than it", "not"),
    ("One-compartment oral model for 24 h, report Cmax only if the dose is at least 100 mg",
     "only if"),
    ("One-compartment oral model, give 3 mg/kg, simulate 24 h", "3 mg/kg")])
def test_what_the_reader_cannot_read_it_asks_about(library: list[dict[str, Any]], text: str,
                                                  said: str) -> None:
    goal = read_goal([(text, None)], library, None)
    assert goal.questions and goal.questions[0].startswith("I could not read")
    assert said in goal.questions[0]
    # The person's answer to that question settles it.
    answered = read_goal([(text, None), ("Just use the defaults.", {"kind": "clarify"})],
                         library, None)
    assert not [q for q in answered.questions if q.startswith("I could not read")]


def test_the_summary_shows_the_written_unit_and_the_models() -> None:
    context = {"parameters": [{"path": "ke", "value": 0.1, "unit": "1/h"},
                              {"path": "F", "value": 0.8, "unit": "dimensionless"},
                              {"path": "dose", "value": 100.0, "unit": "mg"}]}

    def new_value(path: str, value: float, unit: str) -> str:
        text = summary_for("set_parameter_value", {"simulation_id": "s", "parameter_path": path,
                                                   "value": value, "unit": unit}, context)
        return next(line for line in text.splitlines() if line.startswith("New Value"))

    assert new_value("ke", 0.01, "1/min") == "New Value: 0.01 1/min (= 0.6 1/h in the model)"
    assert new_value("F", 60.0, "percent") == "New Value: 60 percent (= 0.6 in the model)"
    assert new_value("dose", 200.0, "mg") == "New Value: 200 mg"


@pytest.mark.parametrize(("text", "ke", "hours"), [
    # Before: "half" in "half-life" halved the default ke, or the half-life's time was
    # taken as the simulated time; a plan for another drug, stated with confidence.
    ("One-compartment oral model, 80 mg, elimination half-life of 1.5 days, simulate 10 days, "
     "AUC", math.log(2) / 36, 240),
    ("One-compartment oral 300 mg elimination half-life 8 hours simulate 3 days AUC please",
     math.log(2) / 8, 72),
    ("One-compartment oral, 300 mg, elimination half-life 480 minutes, simulate 72 hours, AUC",
     math.log(2) / 8, 72),
    ("one-compartment oral model with a 12-hour half-life, 200 mg, run 48 h, Cmax",
     math.log(2) / 12, 48)])
def test_a_half_life_given_a_value_sets_the_rate_constant(
        library: list[dict[str, Any]], text: str, ke: float, hours: float) -> None:
    goal, values = _in_model_units(library, text)
    assert values["ke"] == pytest.approx(ke)
    assert goal.end_time == pytest.approx(hours) and goal.questions == []
    assert "half_life" not in goal.metrics  # given, not asked for


def test_a_half_life_the_model_cannot_take_is_asked_about(
        library: list[dict[str, Any]]) -> None:
    goal = read_goal([("IV bolus model, 100 mg, half-life 6 hours, simulate 24 h, Cmax", None)],
                     library, None)
    assert goal.questions and "half-life 6 hours" in goal.questions[0]


@pytest.mark.parametrize(("words", "tau"), [
    ("once daily", 24), ("once a day", 24), ("twice a day", 12), ("twice daily", 12),
    ("three times a day", 8), ("every other day", 48), ("q8h", 8), ("every eight hours", 8)])
def test_a_dosing_interval_in_words(library: list[dict[str, Any]], words: str,
                                    tau: float) -> None:
    goal, values = _in_model_units(
        library, f"Repeated oral dosing model, 150 mg {words}, six doses, simulate one week, "
                 "report Cmax")
    assert values == {"dose": pytest.approx(150), "tau": pytest.approx(tau),
                      "n_doses": pytest.approx(6)}
    assert goal.end_time == 168 and goal.questions == []


@pytest.mark.parametrize("text", [
    "One-compartment oral model, 100 mg once daily, simulate 48 h, Cmax",
    "One-compartment oral model 100 mg every 12 hours simulate 48 h Cmax"])
def test_an_interval_for_a_single_dose_model_is_asked_about(
        library: list[dict[str, Any]], text: str) -> None:
    goal = read_goal([(text, None)], library, None)
    assert goal.questions and goal.questions[0].startswith("I could not read")
    assert "dosing interval" in goal.questions[0]


def test_a_short_parameter_id_in_lower_case_before_its_value(
        library: list[dict[str, Any]]) -> None:
    goal, values = _in_model_units(
        library, "two-compartment oral model, dose 400 mg, f 60%, cl 8 l/h, run 48 h, cmax")
    assert values == {"dose": pytest.approx(400), "F": pytest.approx(0.6),
                      "CL": pytest.approx(8)}
    assert goal.questions == []


@pytest.mark.parametrize("text", [
    # Two times, or two values for one parameter: one would be dropped in silence.
    "One-compartment IV model 500 mg infused over 2 hours simulate 24 h Cmax",
    "One-compartment oral model, dose 100 mg, simulate 24 h, dose 200 mg, Cmax"])
def test_two_readings_of_one_thing_are_asked_about(library: list[dict[str, Any]],
                                                   text: str) -> None:
    goal = read_goal([(text, None)], library, None)
    assert goal.questions and goal.questions[0].startswith("I read two")


@pytest.mark.parametrize(("text", "said"), [
    # Before: answered as a plain oral dose or a bolus, the condition dropped in silence.
    ("One-compartment oral model, 300 mg taken with a high-fat meal, 24 h, AUC",
     "taken with a high-fat meal"),
    ("One-compartment IV model, 500 mg infused over 2 hours, Cmax", "infused"),
    ("Repeated oral dosing model, 100 mg twice daily to steady state, Cmax", "steady state"),
    ("one compartment oral model, 100 mg with food, simulate 24 h", "food")])
def test_a_word_no_reading_uses_is_reported_not_dropped(
        library: list[dict[str, Any]], text: str, said: str) -> None:
    goal = read_goal([(text, None)], library, None)
    assert [q for q in goal.questions if q.startswith("I could not read") and said in q]
    # The person's answer is not itself checked word by word, and settles the question.
    answered = read_goal([(text, None), ("Never mind, just the defaults.", {"kind": "clarify"})],
                         library, None)
    assert answered.questions == []


def test_filler_and_the_words_of_asking_are_not_unread(library: list[dict[str, Any]]) -> None:
    goal = read_goal([("Could you please load the 1-cmt oral model, give a 200 mg dose and run "
                       "it for 24 hours, then tell me what's the terminal half-life?", None)],
                     library, None)
    assert goal.questions == [] and goal.end_time == 24


@pytest.mark.parametrize("text", ["one compartment oral model simulate 1 day half-life",
                                  "one compartment oral model, 24 h, report the half-life"])
def test_a_half_life_asked_for_is_a_figure_not_a_value(library: list[dict[str, Any]],
                                                      text: str) -> None:
    goal = read_goal([(text, None)], library, None)
    assert goal.settings == {} and "half_life" in goal.metrics and goal.end_time == 24


@pytest.mark.parametrize(("text", "settings", "metrics"), [
    # Before: the "2" of "t1/2" and the "0" of "AUC(0-inf)" were amounts nobody could place.
    ("one compartment oral model, 24 h, report t1/2", {}, ["half_life"]),
    ("one compartment oral model, t1/2 of 8 h, 24 h, Cmax", {"ke": math.log(2) / 8}, ["cmax"]),
    ("one compartment oral model, 24 h, AUC0-inf and AUC(0-t)", {}, ["auc_inf", "auc"]),
    ("1 compartment oral model; dose: 100mg; duration: 24h; output: AUC", {"dose": 100},
     ["auc"])])
def test_figure_names_with_numbers_and_a_stated_duration(
        library: list[dict[str, Any]], text: str, settings: dict[str, float],
        metrics: list[str]) -> None:
    goal, values = _in_model_units(library, text)
    assert values == {p: pytest.approx(v) for p, v in settings.items()}
    assert (goal.metrics, goal.end_time, goal.questions) == (metrics, 24, [])


@pytest.mark.parametrize(("text", "settings", "hours"), [
    # Before: "for 3 days" after an interval was taken as the simulated time (two of them,
    # or n_doses left at its default), and the "0" of "from 0 to 48 h" could not be placed.
    ("Repeated oral dosing model: 100 mg every 12 hours for 3 days, simulate 96 h, Cmax",
     {"dose": 100, "tau": 12, "n_doses": 6}, 96),
    ("Repeated oral dosing model, 100 mg once daily for 7 days, simulate 8 days, Cmax",
     {"dose": 100, "tau": 24, "n_doses": 7}, 192),
    ("Repeated oral dosing: 50 mg q12h x 6 doses, 72 h, Cmax",
     {"dose": 50, "tau": 12, "n_doses": 6}, 72),
    ("Repeated oral dosing model, 100 mg bid x 5 days, simulate 120 h, Cmax",
     {"dose": 100, "tau": 12, "n_doses": 10}, 120),
    ("simulate the iv bolus model from 0 to 48 h, AUC", {}, 48),
    ("simulate the iv bolus model from 0 h to 48 h, AUC", {}, 48)])
def test_a_dosing_period_and_a_time_span(library: list[dict[str, Any]], text: str,
                                        settings: dict[str, float], hours: float) -> None:
    goal, values = _in_model_units(library, text)
    assert values == {p: pytest.approx(v) for p, v in settings.items()}
    assert (goal.end_time, goal.questions) == (hours, [])


@pytest.mark.parametrize(("text", "settings", "hours"), [
    # Before: "forty-eight" was no number and "eight hours" was read as the simulated time.
    ("Repeated oral dosing model, a dose of three hundred and twenty milligrams every eight "
     "hours for five doses, simulate forty-eight hours, Cmax",
     {"dose": 320, "tau": 8, "n_doses": 5}, 48),
    ("one compartment oral model, give one thousand five hundred mg, run it fifteen hours",
     {"dose": 1500}, 15),
    # "and a half" adds half of the unit it follows or precedes.
    ("IV bolus model, run it for an hour and a half, AUC", {}, 1.5),
    ("IV bolus model, simulate three and a half days, Cmax", {}, 84),
    ("IV bolus model, simulate 2 days and a half, Cmax", {}, 60),
    # A digit among the words: "3 hundred", "twenty-4".
    ("IV bolus model, dose 3 hundred mg, simulate twenty-4 hours, AUC", {"dose": 300}, 24)])
def test_numbers_in_several_words_and_a_half(library: list[dict[str, Any]], text: str,
                                            settings: dict[str, float], hours: float) -> None:
    goal, values = _in_model_units(library, text)
    assert values == {p: pytest.approx(v) for p, v in settings.items()}
    assert (goal.end_time, goal.questions) == (hours, [])


@pytest.mark.parametrize(("text", "model", "hours"), [
    # "comp" is a compartment cut short; "sim" is simulate; a sentence ends a clause.
    ("1-comp iv bolus, dose 20 mg, sim 10 h", "one_compartment_iv_bolus.ant", 10),
    ("hey, two comp oral please. CL 6 L/h. 30h. AUC", "two_compartment_oral.ant", 30),
    ("Could u load the one comp oral model? Only the dose: 75 mg. Simulate 12 h.",
     "one_compartment_oral.ant", 12)])
def test_a_model_named_in_short_and_terse_sentences(library: list[dict[str, Any]], text: str,
                                                    model: str, hours: float) -> None:
    goal = read_goal([(text, None)], library, None)
    assert (goal.model_path, goal.end_time, goal.questions) == (model, hours, [])


@pytest.mark.parametrize(("text", "settings"), [
    # An amount per kilogram is multiplied by the one body weight the request gives.
    ("IV bolus model, 2 mg/kg for a 75 kg woman, simulate 12 h, Cmax", {"dose": 150}),
    ("one compartment oral model, patient weighing 50 kg, V 1.2 L per kg, dose 100 mg, run 24 h",
     {"V": 60, "dose": 100})])
def test_an_amount_per_kg_and_a_body_weight(library: list[dict[str, Any]], text: str,
                                           settings: dict[str, float]) -> None:
    goal, values = _in_model_units(library, text)
    assert values == {p: pytest.approx(v) for p, v in settings.items()}
    assert goal.questions == []


@pytest.mark.parametrize("text", [
    # A weight no amount is given per, or two weights, are not read.
    "IV bolus model, 100 mg for a 70 kg adult, simulate 12 h",
    "IV bolus model, 2 mg/kg, a 60 kg patient or an 80 kg patient, simulate 12 h"])
def test_a_body_weight_that_sets_nothing_is_asked_about(library: list[dict[str, Any]],
                                                        text: str) -> None:
    goal = read_goal([(text, None)], library, None)
    assert goal.questions


def test_a_request_written_as_a_letter(library: list[dict[str, Any]]) -> None:
    # The greeting and the sign-off ask for nothing; "if you could" is asking, not a condition.
    goal = read_goal([("Hello colleagues,\n\nI would be grateful if you could load the IV bolus "
                       "model with a dose of 60 mg and simulate 8 hours. Cmax please.\n\n"
                       "Best regards,\nJ. Halvorsen\nPharmacy, room 12", None)], library, None)
    assert (goal.model_path, goal.end_time, goal.questions) == (
        "one_compartment_iv_bolus.ant", 8, [])
    assert goal.settings["dose"].value == 60


@pytest.mark.parametrize("text", [
    # A sign-off that holds an amount is read, and a condition is still a condition.
    "Hi,\nIV bolus model, dose 60 mg, simulate 8 h.\nThanks,\nJo\nalso try 90 mg",
    "IV bolus model, simulate 8 h, and if the dose is over 60 mg report AUC",
    # Two tablets of 150 mg are not one dose of 150 mg.
    "one compartment oral model, the patient takes two tablets of 150 mg, simulate 8 h"])
def test_what_a_letter_adds_to_its_sign_off_is_still_read(library: list[dict[str, Any]],
                                                          text: str) -> None:
    assert read_goal([(text, None)], library, None).questions


@pytest.mark.parametrize(("text", "model", "asked"), [
    # A model declined beside the one wanted is not read as wanted.
    ("Use the two-compartment oral model (not the one-compartment one), simulate 24 h, AUC",
     "two_compartment_oral.ant", False),
    ("Load the IV bolus model, not the oral one, dose 10 mg, simulate 6 h, Cmax",
     "one_compartment_iv_bolus.ant", False),
    # A negation that declines no model, or leaves none, is still asked about.
    ("Load the IV bolus model (not the default dose), simulate 6 h", None, True),
    ("Simulate 6 h (not the oral one)", None, True)])
def test_a_declined_model_beside_the_one_wanted(library: list[dict[str, Any]], text: str,
                                                model: str | None, asked: bool) -> None:
    goal = read_goal([(text, None)], library, None)
    assert bool(goal.questions) == asked
    if model:
        assert goal.model_path == model


@pytest.mark.parametrize(("text", "settings", "asked"), [
    # Keeping the defaults asks for no change; the parameter excepted is the one set.
    ("One compartment oral model; keep all other parameters at their default values except "
     "ka: 0.9 per hour. Simulate 10 h, Tmax", {"ka": 0.9}, False),
    ("IV bolus model, leave everything else as default, simulate 5 h, AUC", {}, False),
    # An exception given no value is asked for, not run at the default.
    ("IV bolus model, leave everything at the defaults except the dose, simulate 5 h, AUC",
     {}, True)])
def test_everything_at_the_defaults_but_one(library: list[dict[str, Any]], text: str,
                                           settings: dict[str, float], asked: bool) -> None:
    goal, values = _in_model_units(library, text)
    assert values == {p: pytest.approx(v) for p, v in settings.items()}
    assert bool(goal.questions) == asked and goal.end_time is not None


def test_a_symbol_in_brackets_between_a_parameter_and_its_value(
        library: list[dict[str, Any]]) -> None:
    goal, values = _in_model_units(library, "Two compartment oral model, distribution clearance "
                                            "(Q) 12 L/h, simulate 24 h")
    assert values == {"Q": pytest.approx(12)}
    goal, values = _in_model_units(library, "Two compartment oral model: clearance (CL) 5 L/h, "
                                            "volume (V) 30 L; simulate 24 h; Cmax")
    assert (values, goal.questions) == ({"CL": pytest.approx(5), "V": pytest.approx(30)}, [])


@pytest.mark.parametrize(("text", "settings", "hours"), [
    # A unit's letter after a number ends a sentence: "40 L. 12 h." holds two.
    ("IV bolus model, V 40 L. 12 h. Cmax", {"V": 40}, 12),
    ("one compartment oral; ke = 0.01 min-1; 30 h. Report AUC.", {"ke": 0.6}, 30),
    # Short names of volumes and "conc" for concentration; "finally" orders steps.
    ("two compartment oral model, Vc 35 L and Vp 90 L, run 48 h, max conc", {"V": 35, "V2": 90},
     48),
    ("IV bolus model, Vd 30 L, 20 mg, finally simulate 10 hours", {"V": 30, "dose": 20}, 10)])
def test_a_sentence_ending_in_a_unit_and_short_names(library: list[dict[str, Any]], text: str,
                                                     settings: dict[str, float],
                                                     hours: float) -> None:
    goal, values = _in_model_units(library, text)
    assert (values, goal.end_time, goal.questions) == (
        {p: pytest.approx(v) for p, v in settings.items()}, hours, [])


@pytest.mark.parametrize(("text", "said"), [
    # Before: the one-compartment model's V (CL) took the value, in silence.
    ("one compartment oral model, peripheral volume 80 L, simulate 12 h", "peripheral volume"),
    ("IV bolus model, Vp 80 L, simulate 12 h", "Vp 80 L"),
    ("IV bolus model, inter-compartmental clearance 4 L/h, simulate 12 h", "clearance 4 L/h")])
def test_a_value_for_a_parameter_the_model_lacks_is_asked_about(
        library: list[dict[str, Any]], text: str, said: str) -> None:
    goal = read_goal([(text, None)], library, None)
    assert goal.settings == {} and said in goal.questions[0]


@pytest.mark.parametrize(("text", "metrics", "output"), [
    # The figures asked for in words: "how high ... and when", "the peak", "exposure".
    ("two compartment oral model, 100 mg, run 48 h: how high does the peripheral concentration "
     "go, and when?", ["cmax", "tmax"], "C2"),
    ("IV bolus model, 80 mg, simulate 10 h, tell me the peak and when it occurs",
     ["cmax", "tmax"], "C"),
    ("IV bolus model, 80 mg, simulate 10 h; what is the overall exposure?", ["auc"], "C"),
    ("one compartment oral, 50 mg, 12 h, the time to peak", ["tmax"], "C"),
    ("one compartment oral, 50 mg, simulate 12 h, time-to-peak", ["tmax"], "C")])
def test_the_figures_asked_for_in_words(library: list[dict[str, Any]], text: str,
                                        metrics: list[str], output: str) -> None:
    goal = read_goal([(text, None)], library, None)
    assert (goal.metrics, goal.output, goal.questions) == (metrics, output, [])


@pytest.mark.parametrize("text", [
    # Who writes and what for asks for nothing the simulation does.
    "Pharmacy resident here: IV bolus model, 80 mg, simulate 10 h, Cmax",
    "I'm a second year student. IV bolus model, 80 mg, simulate 10 h, Cmax",
    "for my pharmacology lecture next week, IV bolus model, 80 mg, simulate 10 h, Cmax"])
def test_who_writes_and_what_for_is_an_aside(library: list[dict[str, Any]], text: str) -> None:
    goal, values = _in_model_units(library, text)
    assert (values, goal.end_time, goal.questions) == ({"dose": pytest.approx(80)}, 10, [])


@pytest.mark.parametrize(("text", "settings", "asked"), [
    # The first dose at time zero is what every model does; "1st" is "first".
    ("repeated oral dosing model, 50 mg every 6 h, 4 doses (the 1st dose given at time 0), "
     "run 30 h", {"dose": 50, "tau": 6, "n_doses": 4}, False),
    ("IV bolus model, 20 mg, the first dose at t = 0, simulate 8 h", {"dose": 20}, False),
    # A first dose at another time is not.
    ("IV bolus model, 20 mg, the first dose at t = 2 h, simulate 8 h", {"dose": 20}, True),
    # A rate at the end of a sentence keeps its "per": "0.02 min-1." is not 0.02 minutes.
    ("simulate 10 h. One compartment oral model; ke = 0.02 min-1.",
     {"ke": 1.2}, False)])
def test_the_first_dose_at_time_zero_and_a_rate_ending_a_sentence(
        library: list[dict[str, Any]], text: str, settings: dict[str, float],
        asked: bool) -> None:
    goal, values = _in_model_units(library, text)
    assert values == {p: pytest.approx(v) for p, v in settings.items()}
    assert bool(goal.questions) == asked


@pytest.mark.parametrize(("text", "settings", "hours"), [
    # Tablets taken together are one dose of them all.
    ("one compartment oral model, three 50 mg capsules at once, simulate 8 h", {"dose": 150}, 8),
    ("IV bolus model, 20 mg, run until 6 h after the last dose", {"dose": 20}, 6),
    # A time after the last dose counts from it: the doses said, or the model's own.
    ("repeated oral dosing model, 100 mg every 6 h, 3 doses; simulate until 12 h after the "
     "final dose", {"dose": 100, "tau": 6, "n_doses": 3}, 24),
    ("repeated oral dosing model, 100 mg, run for 10 hours past the last dose", {"dose": 100},
     4 * 12 + 10),
    ("two compartment oral model, 2 x 0.1 g tablets simultaneously, simulate 8 h",
     {"dose": 200}, 8)])
def test_tablets_taken_together_and_a_time_after_the_last_dose(
        library: list[dict[str, Any]], text: str, settings: dict[str, float],
        hours: float) -> None:
    goal, values = _in_model_units(library, text)
    assert (values, goal.end_time, goal.questions) == (
        {p: pytest.approx(v) for p, v in settings.items()}, hours, [])


@pytest.mark.parametrize("text", [
    # Tablets with another drug, or not said to be taken together, are asked about.
    "one compartment oral model, 2 tablets of 100 mg together with 300 mg of rifampicin, 8 h",
    "one compartment oral model, four tablets of 25 mg, simulate 8 h"])
def test_tablets_not_one_dose_are_asked_about(library: list[dict[str, Any]], text: str) -> None:
    assert read_goal([(text, None)], library, None).questions


@pytest.mark.parametrize(("text", "model", "settings"), [
    # One slip in a long word of the simulation's own is read as that word.
    ("RUN THE TWO COMPARTMNET ORAL MODEL, CLEARENCE 4 L/H, 12 HRS", "two_compartment_oral.ant",
     {"CL": 4}),
    ("one compartment oral model, absorbtion rate constant 1.2 per hour, simulate 6 h",
     "one_compartment_oral.ant", {"ka": 1.2}),
    ("intravenus bolus model, 10 mg, simulate 6 h", "one_compartment_iv_bolus.ant",
     {"dose": 10})])
def test_a_slip_in_a_long_word_is_read(library: list[dict[str, Any]], text: str, model: str,
                                       settings: dict[str, float]) -> None:
    goal, values = _in_model_units(library, text)
    assert (goal.model_path, values, goal.questions) == (
        model, {p: pytest.approx(v) for p, v in settings.items()}, [])


def test_a_real_word_one_slip_from_another_is_still_unread(
        library: list[dict[str, Any]]) -> None:
    # "stimulate" is a word of its own: "simulate" is not among the long words read through
    # a slip.
    goal = read_goal([("one compartment oral model, 10 mg, simulate 6 h, stimulate nothing",
                       None)], library, None)
    assert "stimulate" in goal.questions[0]


@pytest.mark.parametrize(("text", "settings", "asked"), [
    # A value its sentence then says is doubled (halved) is read scaled.
    ("IV bolus model. Clearance is typically 8 L/h but in this patient it is halved. 50 mg, "
     "simulate 12 h", {"CL": 4, "dose": 50}, False),
    ("One compartment oral model, 100 mg, run 24 h. The usual half-life is 5 h but here it's "
     "tripled.", {"dose": 100, "ke": math.log(2) / 15}, False),
    # With another amount in its sentence, "it" may mean either: asked about.
    ("IV bolus model, V 40 L and CL 8 L/h but it's doubled, simulate 12 h", {"V": 40, "CL": 8},
     True)])
def test_a_value_said_to_be_doubled_or_halved(library: list[dict[str, Any]], text: str,
                                             settings: dict[str, float], asked: bool) -> None:
    goal, values = _in_model_units(library, text)
    assert values == {p: pytest.approx(v) for p, v in settings.items()}
    assert bool(goal.questions) == asked


@pytest.mark.parametrize("text", [
    # With two compartments a volume of distribution may be the central one or the whole.
    "two compartment oral model, Vd 90 L, simulate 24 h",
    "two compartment oral model, volume of distribution 90 L, simulate 24 h"])
def test_a_volume_of_distribution_with_two_compartments_is_asked_about(
        library: list[dict[str, Any]], text: str) -> None:
    goal = read_goal([(text, None)], library, None)
    assert goal.settings == {} and "V2" in goal.questions[0]
