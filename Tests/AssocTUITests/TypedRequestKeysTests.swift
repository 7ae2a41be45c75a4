import AssocCore
import XCTest

@testable import AssocTUI

/// Typed requests of every shape, each followed by every key that changes a view: the key edits
/// the typed request (the request line then prints it with the change) or says why it can't,
/// never "edit it with :"; `u` gives the typed request back.
final class TypedRequestKeysTests: XCTestCase, ChinookBrowsing {
    let shapes = [
        "Track.select(TrackId, Name, GenreId)",
        "Track.joining(required: genre.filter(Name = 'Rock'))",
        "Track.including(optional: album.including(required: artist))",
        #"Track.including(required: genre.aliased("g")).filter(g.Name = 'Rock')"#,
        "Artist.including(all: albums)",
        "Artist.annotated(with: albums.count).having(albums.count > 0)",
        "Artist.filter(key: 1).request(for: tracks)",
        "Artist.distinct().joining(required: albums)",
        "Track.order(Milliseconds.desc).limit(5)",
        "Track.select(TrackId, Name).order(Milliseconds / 1000)"
    ]

    func requestText(_ app: BrowserApp) -> String {
        (try? app.state.rows?.view.request.languageText()) ?? "?"
    }

    func openTyped(_ text: String) throws -> BrowserApp {
        let app = try makeApp(width: 160, height: 40)
        press(app, .character(":"), .control("u"))
        type(app, text)
        press(app, .enter)
        XCTAssertNil(app.state.prompt, "\(text): \(app.state.prompt?.error?.message ?? "")")
        XCTAssertEqual(app.state.focus, .rows)
        return app
    }

    func testEveryKeyOnEveryShape() throws {
        var edited = 0
        for shape in shapes {
            // Column keys, from the second column of the grid.
            for key: Character in ["s", "=", "x", "!", ">"] {
                let app = try openTyped(shape)
                let typed = try XCTUnwrap(app.state.rows?.view)
                press(app, .character("0"), .right, .character(key))
                let message = app.state.message?.text ?? ""
                XCTAssertFalse(message.contains("typed request"), "\(shape) \(key): \(message)")
                XCTAssertFalse(app.state.message?.isError ?? false, "\(shape) \(key): \(message)")
                if app.state.rows?.view.request != typed.request || app.state.rows?.view.presentation != typed.presentation {
                    edited += 1
                    press(app, .character("u"))
                    XCTAssertEqual(app.state.rows?.view.request, typed.request, "\(shape) \(key) then u")
                    XCTAssertEqual(app.state.rows?.view.presentation, typed.presentation, "\(shape) \(key) then u")
                } else {
                    XCTAssertFalse(message.isEmpty, "\(shape) \(key): nothing changed and nothing said")
                }
            }
            // Link keys, on each root link in turn.
            for key: Character in ["+", "t", "-", "p", "a"] {
                let app = try openTyped(shape)
                let typed = try XCTUnwrap(app.state.rows?.view)
                press(app, .tab, .home)
                for index in 0..<min(3, app.state.linksPane.links.count) {
                    if index > 0 { press(app, .down) }
                    press(app, .character(key))
                    let message = app.state.message?.text ?? ""
                    XCTAssertFalse(message.contains("typed request"), "\(shape) \(key): \(message)")
                    XCTAssertFalse(app.state.message?.isError ?? false, "\(shape) \(key): \(message) \(requestText(app))")
                }
                if app.state.rows?.view.request != typed.request { edited += 1 }
                // Back to the typed request, one change at a time.
                for _ in 0..<4 { press(app, .character("u")) }
                XCTAssertEqual(app.state.rows?.view.request, typed.request, "\(shape) \(key): u back to the typed request")
            }
            // `/` with a condition on the root.
            let app = try openTyped(shape)
            let table = app.state.rows?.view.table ?? ""
            press(app, .character("/"))
            type(app, table == "Artist" ? "ArtistId > 1" : "TrackId > 1")
            press(app, .enter)
            XCTAssertNil(app.state.prompt, "\(shape) /: \(app.state.prompt?.error?.message ?? "")")
            XCTAssertTrue(requestText(app).contains("Id > 1"), "\(shape) /: \(requestText(app))")
        }
        XCTAssertGreaterThan(edited, shapes.count * 4)
    }
}
