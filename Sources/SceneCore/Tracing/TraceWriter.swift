import Foundation

/// Writes recorded events as a Chrome trace-event JSON file (`{"traceEvents": [...]}`), which
/// Perfetto and `chrome://tracing` open: thread names as metadata events, times in microseconds
/// from the first event.
enum TraceWriter {
    static let processID = Int(getpid())

    static func json(_ buffers: [TraceBuffer]) -> String {
        let recorded = buffers.map { ($0, $0.recorded) }
        let origin = recorded.lazy.flatMap { $0.1.lazy.map(\.time) }.min() ?? 0
        var lines: [String] = [
            #"{"name":"process_name","ph":"M","pid":\#(processID),"tid":0,"args":{"name":"SceneCore"}}"#
        ]
        for (buffer, events) in recorded {
            lines.append(
                #"{"name":"thread_name","ph":"M","pid":\#(processID),"tid":\#(buffer.threadNumber),"args":{"name":\#(quoted(buffer.threadName))}}"#
            )
            for event in events { lines.append(line(event, tid: buffer.threadNumber, origin: origin)) }
        }
        return "{\"traceEvents\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    private static func line(_ event: TraceEvent, tid: Int, origin: Double) -> String {
        let ts = microseconds(event.time - origin)
        var fields =
            #""name":\#(quoted("\(event.name)")),"cat":\#(quoted("\(event.category)")),"pid":\#(processID),"tid":\#(tid),"ts":\#(ts)"#
        switch event.phase {
        case .complete(let duration): fields += #","ph":"X","dur":\#(microseconds(duration))"#
        case .flowStart(let id): fields += #","ph":"s","id":\#(id)"#
        case .flowEnd(let id): fields += #","ph":"f","bp":"e","id":\#(id)"#
        case .counter: fields += #","ph":"C""#
        }
        if !event.args.isEmpty {
            fields +=
                #","args":{"# + event.args.map { #"\#(quoted("\($0.name)")):\#($0.value)"# }.joined(separator: ",")
                + "}"
        }
        return "{" + fields + "}"
    }

    /// Microseconds with three decimals (nanoseconds), as the format takes them.
    private static func microseconds(_ seconds: Double) -> String {
        String(format: "%.3f", seconds.isFinite ? seconds * 1e6 : 0)
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
