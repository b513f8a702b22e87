"""The codecs against bcx varint."""
from array import array

import pytest

import bcx
from bcx import varint

VALUES = {
    "prefix": [0, 1, 127, 128, 300, 2**32, 2**64 - 1],
    "zigzag": [0, -1, 1, -64, 64, -(2**63), 2**63 - 1],
    "uleb": [0, 127, 128, 624485, 2**64 - 1],
    "sleb": [0, -1, 63, -64, 64, -(2**63), 2**63 - 1],
    "zleb": [0, -1, 5, -(2**63)],
    "vbr6": [0, 31, 32, 1000, 2**64 - 1],
    "svbr4": [0, -3, 3, -(2**63), 2**63 - 1],
    "vbr32": [2**40],
    "xip": [0, -1, 63, -64, 127, 8191, -8192, 2**20, 2**63 - 1, -(2**63), 2**100, -(2**511)],
}
CASES = [(c, v) for c, vs in VALUES.items() for v in vs]


@pytest.mark.parametrize("codec,value", CASES)
def test_encode_decode(cli, codec, value):
    hexes = cli.out("varint", "encode", "--codec", codec, "--", str(value)).decode().split()
    data = bytes.fromhex("".join(hexes))
    assert varint.encode(codec, value) == data
    assert varint.decode(codec, data) == value
    assert int(cli.out("varint", "decode", "--codec", codec, data.hex())) == value


def test_bulk():
    for codec in ("prefix", "uleb", "sleb", "zigzag", "zleb", "xip"):
        vals = [v for v in VALUES[codec] if -(2**63) <= v < 2**63]
        data = varint.encode_all(codec, array("q", vals))
        assert data == b"".join(varint.encode(codec, v) for v in vals)
        got = varint.decode_all(codec, data)
        assert isinstance(got, array) and list(got) == vals
    assert varint.decode_all("prefix", varint.encode_all("prefix", [2**64 - 1])).typecode == "Q"


def test_errors(cli):
    with pytest.raises(bcx.TruncatedError) as e:
        varint.decode_all("uleb", b"\x01\x80")
    assert e.value.offset == 1
    with pytest.raises(bcx.OverflowError):
        varint.encode("uleb", -1)
    with pytest.raises(bcx.OverflowError):
        varint.decode_all("xip", varint.encode("xip", 2**70))
    with pytest.raises(bcx.MalformedError):
        varint.decode("uleb", b"\x01\x02")
    with pytest.raises(bcx.InvalidArgumentError):
        varint.encode("vbr1", 3)
    with pytest.raises(bcx.InvalidArgumentError):
        varint.encode_all("vbr6", [1])
    r = cli.run("varint", "decode", "--codec", "uleb", "80", check=False)
    with pytest.raises(bcx.TruncatedError) as e:
        varint.decode("uleb", b"\x80")
    assert r.returncode == 1 and e.value.message in r.stderr.decode()
