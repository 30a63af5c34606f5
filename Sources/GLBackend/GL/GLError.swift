import CSceneCoreGL

/// Why the OpenGL renderer or an offscreen surface could not be set up.
public enum GLError: Error, CustomStringConvertible, Equatable {
    /// The shader source could not be loaded from the Shaders bundle.
    case shaderSourceMissing(String)
    /// A shader stage failed to compile; carries the driver's info log.
    case shaderCompilationFailed(stage: String, log: String)
    /// The program failed to link; carries the driver's info log.
    case programLinkFailed(log: String)
    /// A framebuffer object is incomplete; carries the `glCheckFramebufferStatus` value.
    case framebufferIncomplete(status: UInt32)
    /// A size is not positive or exceeds what the context supports.
    case invalidSize(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .shaderSourceMissing(let name):
            "shader source \(name).glsl is missing from the Shaders bundle"
        case .shaderCompilationFailed(let stage, let log):
            "\(stage) shader failed to compile: \(log)"
        case .programLinkFailed(let log):
            "shader program failed to link: \(log)"
        case .framebufferIncomplete(let status):
            "framebuffer incomplete: status 0x\(String(status, radix: 16, uppercase: true)) (\(Self.name(ofFramebufferStatus: status)))"
        case .invalidSize(let width, let height, let limit):
            "invalid size \(width)x\(height): each side must be between 1 and \(limit) pixels"
        }
    }

    private static func name(ofFramebufferStatus status: UInt32) -> String {
        let names: [Int32: String] = [
            GL_FRAMEBUFFER_UNDEFINED: "GL_FRAMEBUFFER_UNDEFINED",
            GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT",
            GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT",
            GL_FRAMEBUFFER_UNSUPPORTED: "GL_FRAMEBUFFER_UNSUPPORTED",
            GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE",
        ]
        return names[Int32(bitPattern: status)] ?? "unknown status"
    }
}
