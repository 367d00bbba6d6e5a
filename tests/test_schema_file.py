"""The JSON Schema is what editors show authors: every key described, typos rejected."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft7Validator

from engine.resources import bundled_variant_names, schemas_dir, variants_dir
from engine.variant.schema import OPTIONAL_KEYS, complete_schema


def _schema():
    return json.loads((schemas_dir() / "variant.schema.json").read_text())


def _objects(node, path="#"):
    if isinstance(node, dict):
        if "properties" in node:
            yield path, node
        for key, value in node.items():
            yield from _objects(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{path}/{i}")


def test_schema_is_valid_draft_07():
    schema = _schema()
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    Draft7Validator.check_schema(schema)


def test_every_object_rejects_unknown_keys():
    for path, node in _objects(_schema()):
        assert node.get("additionalProperties") is False, path


def test_every_key_has_a_description():
    schema = _schema()
    for path, node in _objects(schema):
        for key, sub in node["properties"].items():
            if "$ref" in sub:
                target = schema["definitions"][sub["$ref"].split("/")[-1]]
                assert target.get("description"), f"{path}/{key} -> {sub['$ref']}"
            else:
                assert sub.get("description"), f"{path}/{key}"


def test_complete_schema_requires_every_key_but_the_optional_ones():
    assert "rules" in complete_schema()["required"] and "extends" not in complete_schema()["required"]
    card = complete_schema()["definitions"]["card"]
    assert set(card["required"]) == set(card["properties"]) - OPTIONAL_KEYS


@pytest.mark.parametrize("name", bundled_variant_names())
def test_bundled_variants_name_the_schema_for_editors(name):
    first_line = (variants_dir() / f"{name}.yaml").read_text().splitlines()[0]
    assert first_line == "# yaml-language-server: $schema=../schemas/variant.schema.json"
