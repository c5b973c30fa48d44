// touchtrace with the `photo` and `stickers` screens registered beside the standard types.
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import PhotoScreen
import TouchTrace
import TouchTraceCLI

var registry = Registry.standard
try registry.register(.photo)
try registry.register(.stickers)
exit(CommandLineTool.run(CommandLine.arguments, console: Console.standard(), registry: registry))
