/// `Tab` and Shift-Tab in the prompts: complete the name at the cursor, then cycle the candidates.
extension Reducer {
    /// Completes at the cursor (`Tab` with nothing listed), or puts the next (`backwards`: the
    /// previous) listed candidate in the text. False when the prompt has no completion.
    static func complete(_ prompt: inout PromptState, _ state: AppState, backwards: Bool) -> Bool {
        if var listed = prompt.completion, listed.candidates.count > 1 {
            let count = listed.candidates.count
            let next: Int
            if let selected = listed.selected {
                next = ((backwards ? selected - 1 : selected + 1) % count + count) % count
            } else {
                next = backwards ? count - 1 : 0
            }
            let candidate = listed.candidates[next]
            prompt.replace(listed.range, with: candidate)
            listed.range = listed.range.lowerBound..<(listed.range.lowerBound + candidate.count)
            listed.selected = next
            prompt.completion = listed
            return true
        }
        guard let found = PromptCompletion.completion(for: prompt, graph: state.graph, rows: state.rows) else { return false }
        var range = found.range
        if let insertion = found.insertion {
            prompt.replace(found.range, with: insertion)
            range = found.range.lowerBound..<(found.range.lowerBound + insertion.count)
        }
        prompt.completion = found.candidates.count == 1 ? nil : PromptCompletion(candidates: found.candidates, range: range)
        return true
    }
}
