import AssocCore

/// Effects of the tools: the Swift tab's code, the schema map, and export (which redraws the
/// screen as rows are written so the progress shows, and reads Esc to cancel).
extension BrowserApp {
    func runTool(_ effect: Effect) {
        switch effect {
        case .swiftCode(let view):
            do {
                dispatch(.swiftGenerated(SwiftCodeState(view: view, text: try dataSource.swiftCode(for: view), isError: false)))
            } catch {
                dispatch(.swiftGenerated(SwiftCodeState(view: view, text: Self.describe(error), isError: true)))
            }
        case .loadSchemaMap(let table):
            dispatch(.schemaMapLoaded(table, dataSource.schemaTree(around: table)))
        case .export(let view, let path, let overwrite):
            let format = ExportFormat.forPath(path)
            do {
                var lastDrawn = ContinuousClock.now
                let written = try dataSource.export(view, to: path, format: format, overwrite: overwrite) { progress in
                    // A frame at most every 50 ms; Esc, Ctrl-C or q stops the export, other keys wait.
                    guard ContinuousClock.now - lastDrawn >= .milliseconds(50) || progress.written >= progress.total else { return true }
                    lastDrawn = ContinuousClock.now
                    dispatch(.export(.progress(progress)))
                    terminal.draw(ScreenRenderer.render(state))
                    while let key = terminal.readKey(timeout: 0) {
                        if key == .escape || key == .control("c") || key == .character("q") { return false }
                        typeahead.append(key)
                    }
                    return true
                }
                dispatch(.export(.finished(written: written, format: format.rawValue.uppercased())))
            } catch ExportError.fileExists {
                dispatch(.export(.exists))
            } catch ExportError.cancelled {
                dispatch(.export(.cancelled))
            } catch {
                dispatch(.export(.failed(Self.describe(error))))
            }
        default:
            break
        }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case ExportError.cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case ExportError.fileExists(let path): return "\(path) exists"
        case ExportError.cancelled(let path): return "cancelled, \(path) removed"
        default: return AssocError.message(for: error)
        }
    }
}
