import CSceneCoreGL

// GL's integer macros import into Swift as `Int32`, while the entry points take `GLenum`
// (`UInt32`), `GLint` or `GLbitfield`. These helpers keep the conversions in one place.

extension Int32 {
    /// This GL macro value as a `GLenum` parameter.
    var glEnum: GLenum { GLenum(bitPattern: self) }
    /// This GL macro value as a `GLint` parameter (for enum values passed as integers,
    /// such as `glTexImage2D`'s internal format or `glTexParameteri` values).
    var glInt: GLint { self }
}

/// GL state queries that return one integer.
enum GLQuery {
    /// `glGetIntegerv(name)` as an `Int`.
    static func integer(_ name: Int32) -> Int {
        var value: GLint = 0
        glGetIntegerv(name.glEnum, &value)
        return Int(value)
    }

    /// The context's OpenGL version as (major, minor). Contexts may report a higher version
    /// than the 3.3 they were created with.
    static var version: (major: Int, minor: Int) {
        (integer(GL_MAJOR_VERSION), integer(GL_MINOR_VERSION))
    }
}
