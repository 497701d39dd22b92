"""YAML reading that keeps the line of every node, so errors can say where a problem is.

Machine files are user input, so reading one is bounded (limits in ``sag.limits``):

- nesting deeper than MAX_DEPTH is refused while the file is composed (PyYAML's composer recurses
  once per level, so a 300-deep file would otherwise end in a RecursionError);
- aliases are expanded here, counting every node: more than MAX_NODES (a "billion laughs" file of
  aliases of aliases) is refused, and so is an alias inside the node it names (a cycle);
- explicit tags are refused except the standard scalar ones in ALLOWED_TAGS: a file never asks for
  a Python object, and a tag is never silently dropped from a list or mapping;
- scalars are built by PyYAML's safe constructor, but only for str, int, float, bool and null; any
  other implicitly typed scalar (a date, '=') stays its text, and a merge key ('<<') is refused.

Every refusal is a ``Refused`` naming the line and the YAML path.
"""
from __future__ import annotations

import yaml

from .errors import quote
from .limits import MAX_DEPTH, MAX_NODES

_STD = "tag:yaml.org,2002:"
ALLOWED_TAGS = {_STD + t: "!!" + t for t in ("str", "int", "float", "bool", "null")}
_MERGE = _STD + "merge"


class Refused(Exception):
    """A file this reader will not turn into data: the line, the YAML path and why."""

    def __init__(self, message: str, line: int | None, path: str):
        self.message, self.line, self.path = message, line, path
        super().__init__(message)


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
    """Parse YAML text into plain Python values and their line table.

    Raises yaml.YAMLError for a syntax error and ``Refused`` for a file it will not expand.
    """
    node = _Composer(text).get_single_node()
    where = Located()
    if node is None:
        return None, where
    return _Expander(where).convert(node, "", 0), where


class _Alias:
    """An alias in the composed tree: the node it names and where the alias itself is."""

    __slots__ = ("node", "line", "name")

    def __init__(self, node, line: int, name: str):
        self.node, self.line, self.name = node, line, name


class _Composer(yaml.SafeLoader):
    """PyYAML's composer with a depth limit, explicit tags refused, and aliases kept visible."""

    def __init__(self, text: str):
        super().__init__(text)
        self._path: list[str] = []

    def compose_node(self, parent, index):
        event = self.peek_event()
        segment = _segment(parent, index)
        path = "".join(self._path) + segment
        line = event.start_mark.line + 1
        if isinstance(event, yaml.AliasEvent):
            # The base class returns the anchored node itself; wrapping it lets the expander
            # count what the alias stands for and see cycles (an alias inside its own anchor).
            return _Alias(super().compose_node(parent, index), line, event.anchor)
        tag = getattr(event, "tag", None)
        if tag is not None and tag not in ALLOWED_TAGS:
            shown = "!!" + tag[len(_STD):] if tag.startswith(_STD) else tag
            raise Refused(f"YAML tag {quote(shown)} is not allowed: machine files are plain data "
                          f"(allowed tags: {', '.join(ALLOWED_TAGS.values())}); remove the tag",
                          line, path.lstrip("."))
        if tag is not None and not isinstance(event, yaml.ScalarEvent):
            raise Refused(f"YAML tag {quote(ALLOWED_TAGS[tag])} on a list or mapping is not allowed; "
                          "remove the tag", line, path.lstrip("."))
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            if len(self._path) >= MAX_DEPTH:
                raise Refused(f"lists and mappings nest more than {MAX_DEPTH} deep; a machine "
                              "file needs far fewer levels", line, path.lstrip("."))
            self._path.append(segment)
            try:
                return super().compose_node(parent, index)
            finally:
                self._path.pop()
        return super().compose_node(parent, index)


def _segment(parent, index) -> str:
    """The YAML path step from ``parent`` to the node being composed (``.key`` or ``[i]``)."""
    if isinstance(index, int) and not isinstance(index, bool):
        return f"[{index}]"
    if isinstance(index, yaml.ScalarNode):
        return f".{index.value}"
    if index is None and isinstance(parent, yaml.MappingNode):
        return ".<key>"
    return ""


class _Expander:
    """Turns composed nodes into plain values, expanding aliases under the node budget."""

    def __init__(self, where: Located):
        self.where = where
        self.nodes = 0
        self.open: set[int] = set()  # ids of the collections being expanded (for cycles)
        self.constructor = yaml.SafeLoader("")

    def convert(self, node, path: str, depth: int):
        line = None
        if isinstance(node, _Alias):
            line, node = node.line, node.node
            if id(node) in self.open:
                raise Refused("this alias names a list or mapping that contains the alias itself "
                              "(a cycle); write the data out instead", line, path)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise Refused(f"the file expands to more than {MAX_NODES:,} YAML nodes once its aliases "
                          "are expanded (aliases of aliases?); write the machine out plainly",
                          line or node.start_mark.line + 1, path)
        self.where.lines[path] = line or node.start_mark.line + 1
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        # Aliases can nest deeper than the file as written: check the depth after expansion too.
        if depth >= MAX_DEPTH:
            raise Refused(f"lists and mappings nest more than {MAX_DEPTH} deep once aliases are "
                          "expanded; a machine file needs far fewer levels", self.where.lines[path], path)
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self.mapping(node, path, depth)
            return [self.convert(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(node.value)]
        finally:
            self.open.discard(id(node))

    def mapping(self, node, path: str, depth: int) -> dict:
        out = {}
        for key_node, value_node in node.value:
            if isinstance(key_node, _Alias):
                key_node = key_node.node
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                raise Refused("a mapping key must be a plain word, not a list or mapping", line, path)
            if key_node.tag == _MERGE:
                raise Refused("YAML merge keys ('<<') are not supported; write the keys out",
                              line, path)
            key = self.scalar(key_node, path)
            if not isinstance(key, str):
                key = str(key)
            sub = f"{path}.{key}" if path else key
            self.where.lines[sub] = line
            if key in out:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {quote(key)}", key_node.start_mark)
            out[key] = self.convert(value_node, sub, depth + 1)
        return out

    def scalar(self, node, path: str):
        if node.tag not in ALLOWED_TAGS:
            return node.value  # an implicit date or '=': the text itself
        try:
            return self.constructor.construct_object(node, deep=True)
        except (ValueError, OverflowError, KeyError, TypeError, yaml.YAMLError) as exc:
            # "!!int 1e5", or an integer of more than 4300 digits (Python's conversion limit)
            raise Refused(f"cannot read {quote(node.value)} as {ALLOWED_TAGS[node.tag][2:]}: {quote(str(exc))}",
                          node.start_mark.line + 1, path) from None
