import CSceneCoreGL

/// A linked GLSL program. Needs a current context.
struct ShaderProgram {
    let id: GLuint

    /// Compiles both stages and links them.
    /// - Throws: `GLError.shaderCompilationFailed` or `.programLinkFailed` with the info log.
    init(vertexSource: String, fragmentSource: String) throws(GLError) {
        let vertex = try Self.compile(vertexSource, type: GL_VERTEX_SHADER, stage: "vertex")
        defer { glDeleteShader(vertex) }
        let fragment = try Self.compile(fragmentSource, type: GL_FRAGMENT_SHADER, stage: "fragment")
        defer { glDeleteShader(fragment) }

        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GL_LINK_STATUS.glEnum, &linked)
        guard linked == GL_TRUE else {
            let log = Self.infoLog(of: program, length: glGetProgramiv, read: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw .programLinkFailed(log: log)
        }
        glDetachShader(program, vertex)
        glDetachShader(program, fragment)
        id = program
    }

    /// Deletes the program; its id names nothing afterwards.
    func delete() { glDeleteProgram(id) }

    /// The location of uniform `name`, or -1 when the linker removed it as unused.
    func uniformLocation(_ name: String) -> GLint {
        glGetUniformLocation(id, name)
    }

    private static func compile(_ source: String, type: Int32, stage: String) throws(GLError) -> GLuint {
        let shader = glCreateShader(type.glEnum)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GL_COMPILE_STATUS.glEnum, &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(of: shader, length: glGetShaderiv, read: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw .shaderCompilationFailed(stage: stage, log: log)
        }
        return shader
    }

    private static func infoLog(
        of object: GLuint,
        length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var size: GLint = 0
        length(object, GL_INFO_LOG_LENGTH.glEnum, &size)
        guard size > 1 else { return "(no info log)" }
        var buffer = [GLchar](repeating: 0, count: Int(size))
        var written: GLsizei = 0
        read(object, GLsizei(size), &written, &buffer)
        let bytes = buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
