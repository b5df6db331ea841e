"""SBML external references stay in the model directory, and errors show no file's content.

A ``comp:externalModelDefinition``'s ``source`` is followed by libSBML (in Antimony, and
in libRoadRunner should it flatten), a DTD's external entity by an XML parser: each is
checked before either sees the file, through the real MCP simulation server.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastmcp import Client

from agentdesk.domains.simulation.bridge import build_server

from .test_simulation_bridge import SECRET, call, drive, error

CORE = "http://www.sbml.org/sbml/level3/version1/core"
COMP = "http://www.sbml.org/sbml/level3/version1/comp/version1"


def plain_model(model_id: str, parameter: str = "k") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<sbml xmlns="{CORE}" level="3" '
            f'version="1">\n  <model id="{model_id}">\n    <listOfParameters>\n'
            f'      <parameter id="{parameter}" value="42" constant="true"/>\n'
            "    </listOfParameters>\n  </model>\n</sbml>\n")


def comp_model(source: str, model_ref: str = "sub") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<sbml xmlns="{CORE}" xmlns:comp="{COMP}" '
            'level="3" version="1" comp:required="true">\n  <model id="main">\n'
            '    <listOfParameters>\n      <parameter id="k" value="1" constant="true"/>\n'
            "    </listOfParameters>\n    <comp:listOfSubmodels>\n"
            f'      <comp:submodel comp:id="part" comp:modelRef="{model_ref}"/>\n'
            "    </comp:listOfSubmodels>\n  </model>\n"
            "  <comp:listOfExternalModelDefinitions>\n"
            f'    <comp:externalModelDefinition comp:id="{model_ref}" comp:source="{source}" '
            f'comp:modelRef="{model_ref}"/>\n  </comp:listOfExternalModelDefinitions>\n</sbml>\n')


@pytest.fixture
def sbml_dirs(tmp_path: Path) -> Path:
    """SBML models whose external model definitions stay inside, or reach out."""
    inside, outside = tmp_path / "models", tmp_path / "outside"
    (inside / "parts").mkdir(parents=True)
    outside.mkdir()
    (inside / "parts" / "sub.xml").write_text(plain_model("sub"))
    (outside / "secret.xml").write_text(plain_model("sub", SECRET))
    (outside / "notes.txt").write_text(f"{SECRET} password=hunter2\n")
    (inside / "parts" / "leak.xml").symlink_to(outside / "secret.xml")
    (inside / "parts" / "inner.xml").write_text(comp_model("sub.xml"))
    sources = {"ok": "parts/sub.xml", "absolute": f"{outside}/secret.xml",
               "up": "../outside/secret.xml", "uri": f"file://{outside}/secret.xml",
               "symlink": "parts/leak.xml", "notes": "../outside/notes.txt",
               "entity": "&#46;&#46;/outside/secret.xml", "nested": "parts/inner.xml"}
    for name, source in sources.items():
        (inside / f"comp_{name}.xml").write_text(comp_model(source))
    (inside / "doctype.xml").write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE sbml [<!ENTITY x SYSTEM "file://{outside}/notes.txt">]>'
        + plain_model("m").split("\n", 1)[1].replace('id="m"', 'id="m" name="&x;"'))
    (inside / "import_comp.ant").write_text(
        'import "comp_up.xml"\nmodel main\n  x = 1;\nend\n')
    (inside / "import_ok_comp.ant").write_text(
        'import "comp_ok.xml"\nmodel main\n  x = 1;\nend\n')
    return inside


def test_an_external_model_inside_the_directory_loads(sbml_dirs: Path) -> None:
    async def body(client: Client) -> dict[str, object]:
        return await call(client, "load_simulation", model_path="comp_ok.xml")

    assert drive(body, build_server([sbml_dirs]))["simulation_id"]


OUT = "is not an SBML file in the model's directory"


@pytest.mark.parametrize(("model", "says"), [
    ("comp_absolute.xml", OUT), ("comp_up.xml", OUT), ("comp_uri.xml", OUT),
    ("comp_symlink.xml", OUT), ("comp_notes.xml", OUT), ("comp_entity.xml", OUT),
    ("comp_nested.xml", "a referenced model cannot reference further models"),
    ("doctype.xml", "a DTD or entity declaration is not allowed in a model"),
    ("import_comp.ant", "comp_up.xml: a referenced model cannot reference further models"),
    ("import_ok_comp.ant", "a referenced model cannot reference further models"),
])
def test_external_references_stay_in_the_model_directory_and_errors_show_no_content(
        sbml_dirs: Path, model: str, says: str) -> None:
    async def body(client: Client) -> str:
        return await error(client, "load_simulation", model_path=model)

    text = drive(body, build_server([sbml_dirs]))
    assert says in text, text
    assert SECRET not in text and "hunter2" not in text
