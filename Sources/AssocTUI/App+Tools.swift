import AssocCore

/// Effects of the tools: the Swift tab's code and the schema map (quick, on the loop), and
/// export, a job on the worker that posts its progress (the loop draws it; Esc cancels).
extension BrowserApp {
    func runTool(_ effect: Effect) {
        switch effect {
        case .swiftCode(let view, let requestOnly):
            do {
                let text = try dataSource.swiftCode(for: view, requestOnly: requestOnly)
                dispatch(.swiftGenerated(SwiftCodeState(view: view, text: text, isError: false, requestOnly: requestOnly)))
            } catch {
                dispatch(.swiftGenerated(SwiftCodeState(view: view, text: Self.describe(error), isError: true, requestOnly: requestOnly)))
            }
        case .loadSchemaMap(let table):
            dispatch(.schemaMapLoaded(table, dataSource.schemaTree(around: table)))
        default:
            break
        }
    }

    /// Writes the view's rows on the worker; each 50 ms at most it posts its progress and wakes
    /// the loop, and it stops once cancelled (between two rows, or its statement interrupted):
    /// the writer removes its temporary file, the destination stays as it was.
    func startExport(_ effect: Effect) {
        if case .countSubset(let view, _) = effect {
            startJob(effect, announce: false) { source, job in
                do {
                    return .export(.subsetCounted(try source.subsetCounts(of: view)))
                } catch  where job.isCancelRequested {
                    return .export(.cancelled)
                } catch {
                    return .export(.failed(Self.describe(error)))
                }
            }
            return
        }
        guard case .export(let view, let path, let replacing) = effect else { return }
        let format = ExportFormat.forPath(path)
        let columns = state.exportPrompt?.columns
        let wakeup = self.wakeup
        startJob(effect, announce: false) { source, job in
            var lastPosted = ContinuousClock.now
            do {
                let written = try source.export(view, to: path, format: format, replacing: replacing, columns: columns) { progress in
                    if ContinuousClock.now - lastPosted >= .milliseconds(50) || progress.written >= progress.total {
                        lastPosted = ContinuousClock.now
                        job.post(progress)
                        wakeup.signal()
                    }
                    return !job.isCancelRequested
                }
                return .export(.finished(written: written, format: format == .sqlite ? "SQLite" : format.rawValue.uppercased()))
            } catch FileWriteError.exists(let destination) {
                return .export(.exists(destination))
            } catch FileWriteError.cancelled {
                return .export(.cancelled)
            } catch  where job.isCancelRequested {
                // Interrupted while counting or reading (Esc before the first rows went out).
                return .export(.cancelled)
            } catch {
                return .export(.failed(Self.describe(error)))
            }
        }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case let error as FileWriteError: return error.message
        default: return AssocError.message(for: error)
        }
    }
}
