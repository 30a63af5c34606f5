import CSceneCoreGL
import Foundation
import SceneCore

/// `CAOpenGLLayer`: a cube with a colour per face, Lambert-shaded and depth-tested, drawn with
/// raw OpenGL by `SpinningCubeLayer` at every frame (`isAsynchronous`) and turning with the
/// layer's time; the layer itself is turned 10° and scaled up inside a rounded stage that clips
/// it, under a caption.
enum GLLayerScene {
    /// How far the GL layer is turned about z on the stage.
    static let layerAngle = CGFloat.pi / 18

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        root.addSublayer(
            EffectsScene.caption(
                "CAOpenGLLayer: a cube drawn with raw GL every frame, turned 10° and clipped by a rounded stage",
                width: size.width))
        let stage = CALayer.filled(
            CGRect(x: 20, y: 36, width: max(size.width - 40, 1), height: max(size.height - 56, 1)), Palette.ink)
        stage.name = "gl-stage"
        stage.cornerRadius = min(28, min(stage.bounds.width, stage.bounds.height) / 2)
        stage.masksToBounds = true
        stage.borderWidth = 2
        stage.borderColor = Palette.orange
        let model = SpinningCubeLayer()
        model.name = "gl-model"
        model.bounds = CGRect(x: 0, y: 0, width: stage.bounds.width, height: stage.bounds.height)
        model.position = CGPoint(x: stage.bounds.midX, y: stage.bounds.midY)
        model.transform = CATransform3DScale(CATransform3DMakeRotation(layerAngle, 0, 0, 1), 1.15, 1.15, 1)
        model.isAsynchronous = true
        stage.addSublayer(model)
        root.addSublayer(stage)
        return root
    }
}

/// A `CAOpenGLLayer` drawing a cube with raw OpenGL 3.3: a vertex array of 36 vertices
/// (position, normal, colour), a program that shades each face by Lambert's law under one
/// directional light, depth testing against the layer's depth buffer. The cube is tilted by
/// `tilt` about x and turns `turnRate` radians a second about y with the layer's time.
final class SpinningCubeLayer: CAOpenGLLayer, @unchecked Sendable {
    static let tilt: Float = 0.5
    static let turnRate: Float = 1.1
    /// Half the cube's side.
    static let halfSide: Float = 0.6
    /// The eye's distance from the cube's centre.
    static let distance: Float = 4.4
    /// Towards the light, in eye space (normalised by the shader).
    static let lightDirection: SIMD3<Float> = [-0.3, 0.5, 1]
    /// The share of a face's colour it shows facing away from the light.
    static let ambient: Float = 0.25
    /// The colour the framebuffer is cleared to around the cube.
    static let clearColor: SIMD4<Float> = [0.12, 0.2, 0.32, 1]
    /// Each face's outward normal and colour.
    static let faces: [(normal: SIMD3<Float>, color: SIMD3<Float>)] = [
        ([1, 0, 0], [0.2, 0.4, 0.9]), ([-1, 0, 0], [0.55, 0.3, 0.8]), ([0, 1, 0], [0.2, 0.7, 0.35]),
        ([0, -1, 0], [0.9, 0.85, 0.2]), ([0, 0, 1], [0.98, 0.55, 0.1]), ([0, 0, -1], [0.9, 0.25, 0.3]),
    ]

    /// The program and vertex array of each GL context the layer has drawn in (nil where they
    /// could not be made: not tried again).
    private let resources = Locked<[UInt64: CubeResources?]>([:])

    override func draw(in context: CAOpenGLContext, forLayerTime t: CFTimeInterval, displayTime ts: CFTimeInterval) {
        let cube = resources.withLock { made in
            if let cube = made[context.contextIdentifier] { return cube }
            let cube = CubeResources()
            made[context.contextIdentifier] = cube
            return cube
        }
        let c = Self.clearColor
        glClearColor(c.x, c.y, c.z, c.w)
        glClearDepth(1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        guard let cube else { return }
        glEnable(GLenum(GL_DEPTH_TEST))
        glDepthFunc(GLenum(GL_LESS))
        glEnable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_BLEND))
        glUseProgram(cube.program)
        let model = Self.model(at: t)
        let aspect = Float(context.width) / Float(max(context.height, 1))
        let mvp = Self.perspective(aspect: aspect) * Self.translation(z: -Self.distance) * model
        mvp.withUniform { glUniformMatrix4fv(cube.mvp, 1, GLboolean(GL_FALSE), $0) }
        model.withUniform { glUniformMatrix4fv(cube.modelMatrix, 1, GLboolean(GL_FALSE), $0) }
        let l = Self.lightDirection
        glUniform3f(cube.light, l.x, l.y, l.z)
        glUniform1f(cube.ambient, Self.ambient)
        glBindVertexArray(cube.vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 36)
    }

    /// The cube's rotation at layer time `t`: turned about y, then tilted about x.
    static func model(at t: Double) -> Matrix4 {
        .rotationX(tilt) * .rotationY(Float(t.truncatingRemainder(dividingBy: 2 * .pi / Double(turnRate))) * turnRate)
    }

    /// A 40° perspective from 0.1 to 20 in front of the eye.
    static func perspective(aspect: Float) -> Matrix4 {
        let f = 1 / tan(Float.pi / 9)
        let (near, far): (Float, Float) = (0.1, 20)
        return Matrix4(
            columns: [
                [f / aspect, 0, 0, 0], [0, f, 0, 0], [0, 0, (far + near) / (near - far), -1],
                [0, 0, 2 * far * near / (near - far), 0],
            ])
    }

    static func translation(z: Float) -> Matrix4 {
        Matrix4(columns: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, z, 1]])
    }

    /// Position, normal and colour of the 36 vertices: two counter-clockwise triangles per face.
    static var vertices: [Float] {
        var data: [Float] = []
        for (n, color) in faces {
            // Two axes across the face with u × v = n, so the corners wind counter-clockwise seen from outside.
            let u: SIMD3<Float> = n.x != 0 ? [0, n.x, 0] : n.y != 0 ? [0, 0, n.y] : [n.z, 0, 0]
            let v = SIMD3(n.y * u.z - n.z * u.y, n.z * u.x - n.x * u.z, n.x * u.y - n.y * u.x)
            let corners = [n - u - v, n + u - v, n + u + v, n - u + v].map { $0 * halfSide }
            for index in [0, 1, 2, 0, 2, 3] {
                let p = corners[index]
                data += [p.x, p.y, p.z, n.x, n.y, n.z, color.x, color.y, color.z]
            }
        }
        return data
    }
}

/// A 4x4 matrix of floats in GL's column-major order.
struct Matrix4 {
    var columns: [SIMD4<Float>]

    static func rotationX(_ a: Float) -> Matrix4 {
        Matrix4(columns: [[1, 0, 0, 0], [0, cos(a), sin(a), 0], [0, -sin(a), cos(a), 0], [0, 0, 0, 1]])
    }

    static func rotationY(_ a: Float) -> Matrix4 {
        Matrix4(columns: [[cos(a), 0, -sin(a), 0], [0, 1, 0, 0], [sin(a), 0, cos(a), 0], [0, 0, 0, 1]])
    }

    static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        Matrix4(columns: b.columns.map { column in (0..<4).reduce(SIMD4<Float>()) { $0 + a.columns[$1] * column[$1] } })
    }

    static func * (a: Matrix4, v: SIMD4<Float>) -> SIMD4<Float> {
        (0..<4).reduce(SIMD4<Float>()) { $0 + a.columns[$1] * v[$1] }
    }

    /// Calls `body` with the sixteen floats, column by column.
    func withUniform(_ body: (UnsafePointer<Float>) -> Void) {
        let flat = columns.flatMap { [$0.x, $0.y, $0.z, $0.w] }
        flat.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// The cube's GL objects in one context: its program and uniform locations, and its vertex
/// array over one buffer of interleaved vertices.
struct CubeResources {
    let program: GLuint
    let vertexArray: GLuint
    let mvp: GLint
    let modelMatrix: GLint
    let light: GLint
    let ambient: GLint

    private static let vertexShader = """
        #version 330 core
        layout(location = 0) in vec3 position;
        layout(location = 1) in vec3 normal;
        layout(location = 2) in vec3 color;
        uniform mat4 mvp;
        uniform mat4 model;
        out vec3 faceNormal;
        out vec3 faceColor;
        void main() {
            gl_Position = mvp * vec4(position, 1.0);
            faceNormal = mat3(model) * normal;
            faceColor = color;
        }
        """
    private static let fragmentShader = """
        #version 330 core
        in vec3 faceNormal;
        in vec3 faceColor;
        uniform vec3 light;
        uniform float ambient;
        out vec4 fragColor;
        void main() {
            float lambert = max(dot(normalize(faceNormal), normalize(light)), 0.0);
            fragColor = vec4(faceColor * (ambient + (1.0 - ambient) * lambert), 1.0);
        }
        """

    /// Compiles the program and uploads the vertices in the current context; nil (logged) when
    /// the shaders do not compile or link.
    init?() {
        guard let vertex = CubeResources.compile(CubeResources.vertexShader, GL_VERTEX_SHADER),
            let fragment = CubeResources.compile(CubeResources.fragmentShader, GL_FRAGMENT_SHADER)
        else { return nil }
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked != 0 else {
            FileHandle.standardError.write(Data("gl-layer: the cube's program does not link\n".utf8))
            glDeleteProgram(program)
            return nil
        }
        self.program = program
        mvp = glGetUniformLocation(program, "mvp")
        modelMatrix = glGetUniformLocation(program, "model")
        light = glGetUniformLocation(program, "light")
        ambient = glGetUniformLocation(program, "ambient")

        var vertexArray: GLuint = 0
        var buffer: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let vertices = SpinningCubeLayer.vertices
        vertices.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr($0.count), $0.baseAddress, GLenum(GL_STATIC_DRAW))
        }
        let stride = GLsizei(9 * MemoryLayout<Float>.stride)
        for attribute in 0..<3 {
            glEnableVertexAttribArray(GLuint(attribute))
            glVertexAttribPointer(
                GLuint(attribute), 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                UnsafeRawPointer(bitPattern: attribute * 3 * MemoryLayout<Float>.stride))
        }
        self.vertexArray = vertexArray
    }

    private static func compile(_ source: String, _ kind: Int32) -> GLuint? {
        let shader = glCreateShader(GLenum(kind))
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled != 0 else {
            var log = [GLchar](repeating: 0, count: 1024)
            glGetShaderInfoLog(shader, 1024, nil, &log)
            let text = String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            FileHandle.standardError.write(Data("gl-layer: a cube shader does not compile: \(text)\n".utf8))
            glDeleteShader(shader)
            return nil
        }
        return shader
    }
}
