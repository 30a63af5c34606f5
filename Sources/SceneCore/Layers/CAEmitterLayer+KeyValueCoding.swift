import Foundation

/// Key paths into an emitter's cells, as Core Animation resolves them: `emitterCells.<name>`
/// is the (first) cell of `emitterCells` whose `name` is `name`, and what follows is a key path
/// of that cell (`emitterCells.fire.birthRate`, `emitterCells.fire.emitterCells.spark.velocity`).
/// Setting a value through such a path changes the layer's own copy of the cell and commits the
/// layer's cells again, as setting `emitterCells` does; animations take the same paths
/// (`CABasicAnimation(keyPath: "emitterCells.fire.birthRate")`) and run on the render side.
extension CAEmitterLayer {
    /// The value at `keyPath` when it starts with `emitterCells.<name>`: the cell, or a value of
    /// it (`.some(nil)`, logged, when no cell has the name); nil for any other key path. On a
    /// presentation copy, an animated value is the one shown.
    func cellValue(forKeyPath keyPath: String) -> Any?? {
        guard let (name, rest) = CAEmitterCell.splitCellPath(keyPath) else { return nil }
        guard let cell = emitterCells?.first(where: { $0.name == name }) else {
            Diagnostics.error("CAEmitterLayer.value(forKeyPath: \"\(keyPath)\"): no cell is named \(name)")
            return .some(nil)
        }
        guard let rest else { return .some(cell) }
        let value = cell.value(forKeyPath: rest)
        if isPresentation, let shown = presentedCellValue("\(name).\(rest)", like: value) { return .some(shown) }
        return .some(value)
    }

    /// On a presentation copy, the value animations show at `path` (`fire.birthRate`, from the
    /// presented cells), of the type of the cell's own value `model`; nil for a key that does not
    /// animate.
    private func presentedCellValue(_ path: String, like model: Any?) -> Any? {
        let list = LayerLock.withLock { state.emitterCells }
        guard case .emitterCell(let names, let key)? = AnimationField.emitterCell(path, in: list),
            let values = list.cellPath(names).flatMap(list.cell(at:))
        else { return nil }
        let shown = key.read(values)
        if case .number(let v) = shown, model is Float { return Float(v) }
        return shown.objectValue
    }

    /// Sets the value at `keyPath` when it starts with `emitterCells.<name>.` and commits the
    /// cells; returns false for any other key path. A path naming no cell, or naming a cell
    /// itself, is refused with a logged error.
    func setCellValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        guard let (name, rest) = CAEmitterCell.splitCellPath(keyPath) else { return false }
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let cells = emitterCells, let cell = cells.first(where: { $0.name == name }), let rest else {
            Diagnostics.error(
                "CAEmitterLayer.setValue(_:forKeyPath: \"\(keyPath)\"): no cell is named \(name), or the path names a cell; unchanged"
            )
            return true
        }
        cell.setValue(value, forKeyPath: rest)
        commitCells(cells)
        return true
    }
}
