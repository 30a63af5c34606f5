import Foundation

/// The GLSL sources of the layer renderer, bundled as resources of this target.
public enum ShaderLibrary {
    /// The source text of the shader file `name` (without the `.glsl` extension).
    /// - Throws: `ShaderLibraryError.missing` when the bundle lacks the file.
    public static func source(named name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: "glsl") else {
            throw ShaderLibraryError.missing(name)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}

/// Why a shader source could not be loaded.
public enum ShaderLibraryError: Error, CustomStringConvertible {
    case missing(String)
    public var description: String {
        switch self {
        case .missing(let name): "shader resource \(name).glsl is missing from the Shaders bundle"
        }
    }
}
