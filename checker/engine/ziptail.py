"""A zip's size, read from its last bytes before anything lists its members.

Python's ``zipfile.ZipFile`` reads the whole central directory when it opens a zip: one
``ZipInfo`` per member, however many there are. A submission of a million empty members
costs seconds before the kit could cap what it looks at. ``check`` reads the End Of
Central Directory record itself (APPNOTE.TXT 4.3.16; and the ZIP64 locator and end
record, 4.3.15 and 4.3.14, when the record says they hold the real figures), then walks
the central directory's fixed headers (4.3.12) without decoding a name, and stops at the
first member over the cap. A zip whose record claims too many members, whose directory
is larger than such a directory can be, or that holds more members than it claims is
refused in one line, before ``zipfile`` has read a byte of its directory.
"""
from __future__ import annotations

import os
import struct

EOCD = struct.Struct("<4sHHHHIIH")          # 4.3.16: 22 bytes, then the comment
EOCD_SIG = b"PK\x05\x06"
LOCATOR = struct.Struct("<4sIQI")            # 4.3.15: 20 bytes, just before the EOCD
LOCATOR_SIG = b"PK\x06\x07"
EOCD64 = struct.Struct("<4sQHHIIQQQQ")       # 4.3.14: 56 bytes and its extensible data
EOCD64_SIG = b"PK\x06\x06"
CENTRAL = struct.Struct("<4s24xHHH12x")      # 4.3.12: 46 bytes, then name, extra, comment
CENTRAL_SIG = b"PK\x01\x02"
MAX_COMMENT = 0xFFFF
MEAN_ENTRY = 1024  # directory bytes allowed per member: a 46-byte header, a path, extras


class TooLarge(Exception):
    """The zip holds (or says it holds) more than the cap allows."""

    def __init__(self, members: int, directory: int):
        super().__init__(members, directory)
        self.members = members        # members counted or claimed (0 if unknown)
        self.directory = directory    # the central directory's size in bytes


def tail(f, size: int) -> tuple[int, int, int] | None:
    """(entries, directory size, directory start) of an open zip of ``size`` bytes, from
    its end records; None when there is no End Of Central Directory record (zipfile then
    says what is wrong)."""
    back = min(size, EOCD.size + MAX_COMMENT + LOCATOR.size)
    f.seek(size - back)
    data = f.read(back)
    at = data.rfind(EOCD_SIG, 0, len(data) - EOCD.size + len(EOCD_SIG))
    while at >= 0:  # the last record whose comment ends the file (as zipfile finds it)
        fields = EOCD.unpack_from(data, at)
        if at + EOCD.size + fields[7] <= len(data):
            break
        at = data.rfind(EOCD_SIG, 0, at)
    if at < 0:
        return None
    _sig, _disk, _cd_disk, _here, entries, cd_size, _cd_offset, _comment = fields
    eocd_at = size - back + at
    cd_end = eocd_at
    if at >= LOCATOR.size and data[at - LOCATOR.size:at - LOCATOR.size + 4] == LOCATOR_SIG:
        # ZIP64: the real figures are in the ZIP64 end record, just before the locator
        record_at = eocd_at - LOCATOR.size - EOCD64.size
        if record_at >= 0:
            f.seek(record_at)
            record = f.read(EOCD64.size)
            if len(record) == EOCD64.size and record[:4] == EOCD64_SIG:
                values = EOCD64.unpack(record)
                entries, cd_size = max(entries, values[7]), max(cd_size, values[8])
                cd_end = record_at
    return entries, cd_size, cd_end - cd_size


def check(path: str | os.PathLike, max_members: int) -> None:
    """Raise ``TooLarge`` when the zip at ``path`` holds more than ``max_members`` members
    (claimed by its end records, or counted in its central directory), or has a central
    directory larger than ``max_members`` entries of ``MEAN_ENTRY`` bytes. Reads the last
    64 kB and the directory's fixed headers, never a member. An ``OSError`` is the
    caller's; a zip this cannot make sense of is left to zipfile."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        found = tail(f, size)
        if found is None:
            return
        entries, cd_size, cd_start = found
        if entries > max_members or cd_size > max_members * MEAN_ENTRY:
            raise TooLarge(entries, cd_size)
        if cd_start < 0 or cd_size <= 0:
            return
        f.seek(cd_start)
        directory = f.read(cd_size)
    # the directory's own headers: the count a forged end record does not give
    count, at = 0, 0
    while at + CENTRAL.size <= len(directory) and directory[at:at + 4] == CENTRAL_SIG:
        count += 1
        if count > max_members:
            raise TooLarge(count, cd_size)
        _sig, name, extra, comment = CENTRAL.unpack_from(directory, at)
        at += CENTRAL.size + name + extra + comment
