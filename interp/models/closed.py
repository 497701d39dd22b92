"""The signal that a body has no closed form (paper 3.4.2): the node models raise it, and the
engine then interprets the body instead."""


class NotClosed(Exception):
    """The body cannot be put in closed form (it communicates or jumps); interpret it instead."""
