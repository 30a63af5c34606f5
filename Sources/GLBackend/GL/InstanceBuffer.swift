import CSceneCoreGL
import SceneCore

/// The vertex array and the per-instance buffer holding one frame's `QuadInstance`s
/// (attribute locations 0...8, one a field, divisor 1). Vertices carry no data: the shaders
/// derive the quad corner from `gl_VertexID`. Needs a current context.
struct InstanceBuffer {
    let vertexArray: GLuint
    let buffer: GLuint

    /// Attribute location → byte offset inside `QuadInstance`, in the shader's order.
    private static let attributes: [(location: GLuint, offset: Int)] = {
        let fields: [PartialKeyPath<QuadInstance>] = [
            \.transformX, \.transformY, \.transformOrigin, \.rect, \.uv, \.color, \.shapeRect, \.radii, \.parameters,
        ]
        return fields.enumerated().map { (GLuint($0.offset), MemoryLayout<QuadInstance>.offset(of: $0.element) ?? 0) }
    }()

    /// Creates the vertex array and buffer, with the attributes pointing at instance 0.
    init() {
        var vertexArray: GLuint = 0
        var buffer: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        self.vertexArray = vertexArray
        self.buffer = buffer
        glBindVertexArray(vertexArray)
        glBindBuffer(GL_ARRAY_BUFFER.glEnum, buffer)
        for attribute in Self.attributes {
            glEnableVertexAttribArray(attribute.location)
            glVertexAttribDivisor(attribute.location, 1)
        }
        point(atInstance: 0)
    }

    /// Binds the vertex array and replaces the buffer's contents with `instances` followed by
    /// `extra`. The old storage is orphaned, so the GPU never waits for the previous frame.
    /// - Returns: the number of bytes uploaded.
    func upload(_ instances: [QuadInstance], appending extra: QuadInstance) -> Int {
        glBindVertexArray(vertexArray)
        glBindBuffer(GL_ARRAY_BUFFER.glEnum, buffer)
        let listBytes = instances.count * QuadInstance.stride
        let totalBytes = listBytes + QuadInstance.stride
        glBufferData(GL_ARRAY_BUFFER.glEnum, GLsizeiptr(totalBytes), nil, GL_STREAM_DRAW.glEnum)
        instances.withUnsafeBytes {
            glBufferSubData(GL_ARRAY_BUFFER.glEnum, 0, GLsizeiptr(listBytes), $0.baseAddress)
        }
        withUnsafeBytes(of: extra) {
            glBufferSubData(
                GL_ARRAY_BUFFER.glEnum, GLintptr(listBytes), GLsizeiptr(QuadInstance.stride), $0.baseAddress)
        }
        return totalBytes
    }

    /// Re-points every attribute so that instance 0 of the next draw reads instance `first`:
    /// the base-instance substitute for contexts older than OpenGL 4.2.
    func point(atInstance first: Int) {
        let base = first * QuadInstance.stride
        glBindBuffer(GL_ARRAY_BUFFER.glEnum, buffer)
        for attribute in Self.attributes {
            glVertexAttribPointer(
                attribute.location, 4, GL_FLOAT.glEnum, GLboolean(GL_FALSE), GLsizei(QuadInstance.stride),
                UnsafeRawPointer(bitPattern: base + attribute.offset))
        }
    }
}
