// touchtrace with the `photo` screen registered beside the standard types.
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
exit(CommandLineTool.run(CommandLine.arguments, console: Console.standard(), registry: registry))
