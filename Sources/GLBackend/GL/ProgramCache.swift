import SceneCore

/// The programs of one family that one GL context has compiled, by variant (as Qt's shader
/// manager and WebKit's TextureMapper keep theirs): a variant is compiled the first time it is
/// asked for, so a renderer compiles only what its frames draw with. Each `GLRenderer` holds its
/// own caches, as it owns the other objects of its context. Needs that context current.
///
/// A variant that does not compile or link is logged once (with the `GLError` and its info log)
/// and not tried again: it answers nil, and what it would have drawn is left out.
class ProgramCache<Program: VariantProgram> {
    private var compiled: [Program.Variant: Program] = [:]
    private var failed: Set<Program.Variant> = []

    /// The program of `variant`, compiled now when it has not been asked for before; nil when it
    /// does not compile or link.
    final func program(for variant: Program.Variant) -> Program? {
        if let program = compiled[variant] { return program }
        guard !failed.contains(variant) else { return nil }
        do {
            let program = try Program(variant)
            compiled[variant] = program
            prepare(program)
            return program
        } catch {
            failed.insert(variant)
            Diagnostics.errorOnce(
                "ProgramCache.\(Program.self).\(variant)",
                "GLRenderer: the \(Program.self) variant \(variant) is unusable; what it draws is left out: \(error)")
            return nil
        }
    }

    /// Sets up a program just compiled, before it is first returned; nothing here (a family that
    /// keeps state in its programs' uniforms overrides it).
    func prepare(_ program: Program) {}

    /// The programs compiled so far.
    final var programs: Dictionary<Program.Variant, Program>.Values { compiled.values }

    /// How many programs have been compiled (and not deleted).
    final var count: Int { compiled.count }

    /// Deletes the programs compiled so far; a variant asked for later is compiled again.
    final func deleteAll() {
        for program in compiled.values { program.program.delete() }
        compiled.removeAll()
    }
}
