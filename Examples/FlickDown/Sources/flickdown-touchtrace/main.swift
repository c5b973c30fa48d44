// touchtrace with `flickDown` registered beside the standard types.
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import FlickDown
import TouchTrace
import TouchTraceCLI

var registry = Registry.standard
try registry.register(.flickDown)
exit(CommandLineTool.run(CommandLine.arguments, console: Console.standard(), registry: registry))
