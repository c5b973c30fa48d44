// touchtrace with `edgePan` and `dwell` registered: every command (replay, diff, verify, validate, eval,
// import, render, help scene) knows the type as it knows its own.
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import EdgePan
import TouchTrace
import TouchTraceCLI

var registry = Registry.standard
try registry.register(.edgePan)
try registry.register(.dwell)
exit(CommandLineTool.run(CommandLine.arguments, console: Console.standard(), registry: registry))
