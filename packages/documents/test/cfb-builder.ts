/**
 * Writes a minimal OLE compound file (version 3, 512-byte sectors) holding the given streams, for
 * tests that need an OLE container we made ourselves. Streams are padded to 4096 bytes so none
 * lives in the mini stream.
 */
export function buildCfb(streams: Record<string, Uint8Array>): Uint8Array {
  const names = Object.keys(streams);
  if (names.length > 3) throw new Error('buildCfb holds at most three streams');
  const SECTOR = 512;
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  const padded = names.map((name) => {
    const data = streams[name] ?? new Uint8Array();
    const size = Math.max(4096, Math.ceil(data.length / SECTOR) * SECTOR);
    const out = new Uint8Array(size);
    out.set(data);
    return out;
  });
  const dataSectors = padded.reduce((total, data) => total + data.length / SECTOR, 0);
  const totalSectors = 2 + dataSectors;
  const file = new Uint8Array(SECTOR * (1 + totalSectors));
  const view = new DataView(file.buffer);
  file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, 1, true); // one FAT sector
  view.setUint32(0x30, 1, true); // directory in sector 1
  view.setUint32(0x38, 4096, true);
  view.setUint32(0x3c, END, true);
  view.setUint32(0x44, END, true);
  for (let i = 0; i < 109; i++) view.setUint32(0x4c + i * 4, i === 0 ? 0 : FREE, true);
  const sectorOffset = (sector: number) => SECTOR * (sector + 1);
  // FAT: sector 0 is the FAT itself, 1 the directory, then each stream's chain.
  const fat = new Array<number>(SECTOR / 4).fill(FREE);
  fat[0] = 0xfffffffd;
  fat[1] = END;
  let next = 2;
  const starts: number[] = [];
  for (const data of padded) {
    const count = data.length / SECTOR;
    starts.push(next);
    for (let i = 0; i < count; i++) fat[next + i] = i === count - 1 ? END : next + i + 1;
    file.set(data, sectorOffset(next));
    next += count;
  }
  for (const [index, value] of fat.entries()) view.setUint32(sectorOffset(0) + index * 4, value, true);
  const entry = (
    index: number,
    name: string,
    type: number,
    start: number,
    size: number,
    child: number,
    right: number,
  ) => {
    const offset = sectorOffset(1) + index * 128;
    for (let i = 0; i < name.length; i++) view.setUint16(offset + i * 2, name.charCodeAt(i), true);
    view.setUint16(offset + 64, (name.length + 1) * 2, true);
    view.setUint8(offset + 66, type);
    view.setUint8(offset + 67, 1);
    view.setUint32(offset + 68, FREE, true);
    view.setUint32(offset + 72, right, true);
    view.setUint32(offset + 76, child, true);
    view.setUint32(offset + 116, start, true);
    view.setUint32(offset + 120, size, true);
  };
  entry(0, 'Root Entry', 5, END, 0, names.length > 0 ? 1 : FREE, FREE);
  names.forEach((name, index) => {
    entry(
      index + 1,
      name,
      2,
      starts[index] ?? END,
      padded[index]?.length ?? 0,
      FREE,
      index + 2 <= names.length ? index + 2 : FREE,
    );
  });
  return file;
}
