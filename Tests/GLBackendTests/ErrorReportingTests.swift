import Testing

@testable import GLBackend

@Suite struct ErrorReportingTests {
    @Test func eglErrorsNameTheirCode() {
        #expect(
            EGLError.makeCurrentFailed(code: 0x3008).description
                == "eglMakeCurrent failed: EGL error 0x3008 (EGL_BAD_DISPLAY)")
        #expect(EGLError.contextCreationFailed(code: 0x1234).description.contains("EGL error 0x1234 (unknown)"))
        let none = EGLError.noDisplay(attempts: ["surfaceless: eglInitialize failed", "device: none"])
        #expect(none.description.contains("surfaceless: eglInitialize failed; device: none"))
    }

    @Test func shaderCompileErrorCarriesTheInfoLog() throws {
        let context = try HeadlessGLContext()
        let error = try context.withCurrent {
            #expect(throws: GLError.self) {
                try ShaderProgram(
                    vertexSource: "#version 330 core\nvoid main() { undeclared = 1; }", fragmentSource: "")
            }
        }
        guard case .shaderCompilationFailed(let stage, let log)? = error else {
            Issue.record("expected a compilation failure, got \(String(describing: error))")
            return
        }
        #expect(stage == "vertex")
        #expect(log.contains("undeclared"))
    }

    @Test func linkErrorCarriesTheInfoLog() throws {
        let context = try HeadlessGLContext()
        let error = try context.withCurrent {
            #expect(throws: GLError.self) {
                // Both stages compile, but the fragment stage has no main.
                try ShaderProgram(
                    vertexSource: "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }",
                    fragmentSource: "#version 330 core\nout vec4 c; void shade() { c = vec4(1.0); }")
            }
        }
        guard case .programLinkFailed(let log)? = error else {
            Issue.record("expected a link failure, got \(String(describing: error))")
            return
        }
        #expect(log.contains("main"))
    }

    @Test func nestedWithCurrentKeepsTheContextCurrent() throws {
        let context = try HeadlessGLContext()
        let canvas = TestCanvas(width: 4, height: 4)
        try context.withCurrent {
            try context.withCurrent {}
            // Without a current context the renderer could not make its buffers or compile its shaders.
            let renderer = GLRenderer()
            renderer.draw(canvas.list(drawing: [canvas.rect(x: 0, y: 0, w: 4, h: 4, color: red)]))
            #expect(renderer.statistics.drawCalls == 1)
        }
    }
}
