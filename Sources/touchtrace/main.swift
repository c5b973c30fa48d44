#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTraceCLI

// A reader that closes the pipe early (`| head`) makes writes fail with EPIPE instead of
// killing the process.
signal(SIGPIPE, SIG_IGN)
exit(CommandLineTool.run(CommandLine.arguments, console: Console.standard()))
