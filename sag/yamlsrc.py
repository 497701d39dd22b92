"""YAML reading that keeps the line of every node, so errors can say where a problem is."""
from __future__ import annotations

import yaml


class Located:
    """Maps a YAML path (``sag.children[0].memory``) to its 1-based line."""

    def __init__(self):
        self.lines: dict[str, int] = {}

    def line(self, path: str) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            if cut <= 0:
                break
            path = path[:cut]
        return self.lines.get(path)


def load(text: str) -> tuple[object, Located]:
    """Parse YAML text into plain Python values and their line table (raises yaml.YAMLError)."""
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    where = Located()
    if node is None:
        return None, where
    constructor = yaml.SafeLoader("")
    return _convert(node, "", where, constructor), where


def _convert(node, path: str, where: Located, constructor):
    where.lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = {}
        for key_node, value_node in node.value:
            key = constructor.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                key = str(key)
            sub = f"{path}.{key}" if path else key
            where.lines[sub] = key_node.start_mark.line + 1
            if key in out:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark)
            out[key] = _convert(value_node, sub, where, constructor)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(v, f"{path}[{i}]", where, constructor) for i, v in enumerate(node.value)]
    return constructor.construct_object(node, deep=True)
