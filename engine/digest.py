"""SHA-256 for the few places that hash a file at every start (the compiled kernel's sources,
the variant files a cached check was made from), without loading OpenSSL.

`hashlib` loads the OpenSSL library on import, about 4 ms: a quarter of a bare Python's whole
start, spent to hash some hundred kilobytes. Python also ships its own small SHA-256 module,
the one `hashlib` itself falls back to (`_sha256` up to 3.11, `_sha2` since 3.12): it loads
in a tenth of that and hashes such files in about a millisecond. The digests are the same
SHA-256 either way (tests/test_check_cache.py compares them); where neither module exists,
`hashlib` is used.

    >>> sha256_hex(b"abc")
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
"""

from __future__ import annotations

try:
    from _sha2 import sha256  # Python 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:
        from hashlib import sha256


def sha256_hex(data: bytes) -> str:
    return sha256(data).hexdigest()


def text_sha256_hex(text: str) -> str:
    """The SHA-256 of a text's UTF-8 bytes; a lone surrogate (half a character, which a JSON
    `"\\ud800"` can put in a text) is hashed as the bytes Python would give it, not refused:
    the hash of any other text is its plain UTF-8 one.

        >>> text_sha256_hex("abc") == sha256_hex(b"abc")
        True
        >>> len(text_sha256_hex("\\ud800"))
        64
    """
    return sha256_hex(text.encode("utf-8", "surrogatepass"))
