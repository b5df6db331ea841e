"""Prompts and the deterministic confirmation templates of the simulation agent."""

SYSTEM = """You are a careful pharmacokinetics assistant driving a simulation bridge.
Tools you may use (and no others): {tools}.
load_simulation, set_parameter_value and run_simulation change state or cost compute:
they are confirmed by the person before they run. If a request is ambiguous (which
parameter? by how much? in which unit?), ask a clarifying question instead of guessing.
Active simulation: {context}"""

PLANNER = """Decide the next step: call one tool (action call_tool, with tool, arguments
and a one-line justification), ask a clarifying question (action clarify, with
question), or answer the person because the work is done (action respond).
What the request still needs, in the order it can be done:
{options}"""

SYNTHESIS = """Summarise for the person what was done and what came out of it (values,
units, PK parameters), in a few sentences, with the numbers exactly as above. Mention
anything that failed or was refused."""

CONVERSATION = """The person said:
{said}

Done so far: {done}

{ask}"""

TEMPLATES = {
    "load_simulation": "Tool: load_simulation\nModel: {model_path}\nApprove? (yes/no)",
    "set_parameter_value": ("Tool: set_parameter_value\nSimulation ID: {simulation_id}\n"
                            "Parameter Path: {parameter_path}\nOld Value: {old_value}\n"
                            "New Value: {value} {unit}\nApprove? (yes/no)"),
    "run_simulation": ("Tool: run_simulation\nSimulation ID: {simulation_id}\n"
                       "End Time: {end_time} h\nPoints: {points}\nApprove? (yes/no)"),
}

TITLES = {
    "load_simulation": "Load the simulation model {model_path}?",
    "set_parameter_value": "Change {parameter_path} to {value} {unit}?",
    "run_simulation": "Run the simulation for {end_time} hours?",
}
"""The question a person answers at a confirmation, in words (filled from the call's args)."""
