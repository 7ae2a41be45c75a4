import AssocCore

/// Effects of the tools: the Swift tab's code, the schema map, and export (which redraws the
/// screen after each page so the progress shows).
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
                let written = try dataSource.export(view, to: path, format: format, overwrite: overwrite) { written, total in
                    dispatch(.export(.progress(written: written, total: total)))
                    terminal.draw(ScreenRenderer.render(state))
                }
                dispatch(.export(.finished(written: written, format: format.rawValue.uppercased())))
            } catch ExportError.fileExists {
                dispatch(.export(.exists))
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
        default: return AssocError.message(for: error)
        }
    }
}
