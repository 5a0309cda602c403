"""The one exception tscope-report turns into a clean error message."""


class InputError(Exception):
    """Bad input: the message names the file (and line) at fault."""
