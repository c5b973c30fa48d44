#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import EdgePan
import TouchTrace
import TouchTraceCLI

exit(CommandLineTool.run(CommandLine.arguments, console: Console.standard()))
