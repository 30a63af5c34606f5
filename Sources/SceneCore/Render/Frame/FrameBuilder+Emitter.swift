/// Draws a `CAEmitterLayer`'s particles: one textured quad per live particle, the cell's image
/// (its `contentsRect`, at its `contentsScale`) centred on the particle, scaled and turned, in
/// the layer's bounds space, above the layer's background and contents and beneath its
/// sublayers. Consecutive particles with one image share an instanced draw (`Batcher`).
///
/// `renderMode` orders them: `unordered` and `additive` cell by cell (older under newer within
/// a cell), `oldestFirst` and `oldestLast` by birth across cells, `backToFront` by z. `additive`
/// adds the particles' colour to what lies beneath: the quad's premultiplied colour is given an
/// alpha of 0, which the premultiplied source-over blend (`1, 1 − αs`) turns into `src + dst`,
/// so no other blend state is needed. Without `preservesDepth` particles are flattened into
/// the layer's plane (their z is dropped).
extension FrameBuilder {
    mutating func drawParticles(of id: LayerID, properties p: LayerProperties, toWindow: CATransform3D, alpha: Float) {
        guard let history = tree.emitters[id] else { return }
        let clip = toWindow.concatenating(toClip).float16
        let rows = (
            SIMD4(clip[0], clip[1], clip[2], clip[3]), SIMD4(clip[4], clip[5], clip[6], clip[7]),
            SIMD4(clip[8], clip[9], clip[10], clip[11]), SIMD4(clip[12], clip[13], clip[14], clip[15])
        )
        let additive = p.renderMode == .additive
        // What a particle's cell gives its quad, worked out when the cell changes from the
        // previous particle's (particles come cell by cell unless the render mode sorts them).
        var drawnCell: (emission: Int, cell: Int, look: ParticleLook?)?
        for (emission, index) in FrameBuilder.particleOrder(history, mode: p.renderMode) {
            let particle = history.emissions[emission].particles[index]
            if drawnCell?.emission != emission || drawnCell?.cell != particle.cell {
                drawnCell = (
                    emission, particle.cell,
                    ParticleLook(history.emissions[emission].configuration.cells[particle.cell])
                )
            }
            guard let look = drawnCell?.look, particle.scale > 0 else { continue }
            let width = Float(look.size.x * particle.scale)
            let height = Float(look.size.y * particle.scale)
            guard width.isFinite, height.isFinite, particle.position.x.isFinite, particle.position.y.isFinite else {
                continue
            }
            let (c, s) = (Float(cos(particle.angle)), Float(sin(particle.angle)))
            let (x, y) = (Float(particle.position.x), Float(particle.position.y))
            let z = p.preservesDepth ? Float(particle.position.z) : 0
            // (rotation by the angle, then the particle's position) · the layer's clip transform.
            let r0 = rows.0 * c + rows.1 * s
            let r1 = rows.1 * c - rows.0 * s
            let r3 = rows.0 * x + rows.1 * y + rows.2 * z + rows.3
            let transform = SIMD16(
                r0[0], r0[1], r0[2], r0[3], r1[0], r1[1], r1[2], r1[3],
                rows.2[0], rows.2[1], rows.2[2], rows.2[3], r3[0], r3[1], r3[2], r3[3])
            let color = particle.color
            let a = color.w * alpha
            let premultiplied = SIMD4(color.x * a, color.y * a, color.z * a, additive ? 0 : a)
            guard a > 0 else { continue }
            let rect = SIMD4(-width / 2, -height / 2, width, height)
            let quad = QuadInstance.textured(transform: transform, rect: rect, uv: look.uv, color: premultiplied)
            batcher.add(quad, image: look.image, sampling: look.sampling)
        }
    }

    /// The particles (emission, index) in the order `mode` draws them.
    static func particleOrder(_ history: EmitterHistory, mode: CAEmitterLayerRenderMode) -> [(Int, Int)] {
        var order: [(Int, Int)] = []
        order.reserveCapacity(history.particleCount)
        for (e, emission) in history.emissions.enumerated() {
            order.append(contentsOf: emission.particles.indices.map { (e, $0) })
        }
        func particle(_ entry: (Int, Int)) -> Particle { history.emissions[entry.0].particles[entry.1] }
        switch mode {
        case .oldestFirst: order.sort { particle($0).birth < particle($1).birth }
        case .oldestLast: order.sort { particle($0).birth > particle($1).birth }
        case .backToFront: order.sort { particle($0).position.z < particle($1).position.z }
        default:
            // Cell by cell within each emission, keeping birth order within a cell.
            order.sort { a, b in
                a.0 != b.0
                    ? a.0 < b.0 : particle(a).cell != particle(b).cell ? particle(a).cell < particle(b).cell : a.1 < b.1
            }
        }
        return order
    }
}

/// What a cell gives each of its particles' quads: its image, sampled from its `contentsRect`,
/// at a size per unit of the particle's scale (the image's pixels in the rect over its
/// `contentsScale`). Nil for a cell without contents, which draws nothing.
private struct ParticleLook {
    let image: CGImage
    let sampling: TextureSampling
    let uv: SIMD4<Float>
    let size: SIMD2<Double>

    init?(_ cell: EmitterCellValues) {
        guard let image = cell.contents else { return nil }
        let source = cell.contentsRect
        let pixelsPerPoint = Double(cell.contentsScale > 0 ? cell.contentsScale : 1)
        self.image = image
        sampling = cell.sampling
        uv = SIMD4(Float(source.minX), Float(source.minY), Float(source.maxX), Float(source.maxY))
        size =
            SIMD2(Double(image.width) * Double(source.width), Double(image.height) * Double(source.height))
            / pixelsPerPoint
    }
}
