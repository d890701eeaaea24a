// An operation of livephoto.js described as data, `[operation, options]` with its files, so that the parity cases
// the Node suite checks can be replayed in a browser (Tests/Browser/engine_parity.py): the same call in both.
export function invoke(livephoto, operation, files, options = {}) {
  switch (operation) {
    case 'inspect': return livephoto.inspect(...files);
    case 'verify': return livephoto.verify(files[0], files[1]);
    case 'make': return files.length === 1 ? livephoto.make(null, files[0], options) : livephoto.make(files[0], files[1], options);
    case 'split': return livephoto.split(...files, options);
    case 'convert': return livephoto.convert(files, options);
    case 'edit': return livephoto.edit(files[0], files[1], options);
    default: throw new Error(`no operation ${operation}`);
  }
}
