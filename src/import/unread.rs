//! Responses of vendors the importer recognises but does not read, refused
//! by name, saying what is missing (rather than "not a response this
//! importer knows", or as an OpenAI chat completion without citations).
//!
//! Each is recognised by a field only that vendor's answers carry.

use serde_json::Value;

/// Why `value` cannot be imported, when it is a response of a vendor the
/// importer does not read.
pub(super) fn refusal(value: &Value) -> Option<String> {
    let message = value.pointer("/choices/0/message");
    if message.and_then(|m| m.get("executed_tools")).is_some() {
        return Some(
            "a Groq compound response: its `executed_tools[].search_results` list the pages the model searched, but neither annotations nor `[N]` markers say which of them the answer rests on, so there is no citation to import; ask for an answer that cites (a model with web search annotations, or Perplexity's markers)".to_owned(),
        );
    }
    if message
        .and_then(|m| m.pointer("/context/citations"))
        .is_some()
    {
        return Some(
            "an Azure OpenAI \"On Your Data\" response: its `[docN]` markers cite `message.context.citations`, which this version does not read (the feature is being retired); import the documents' answer through an API this version reads, or cite the documents by `[EVID:id]` by hand".to_owned(),
        );
    }
    if value
        .pointer("/output/search_info/search_results")
        .is_some()
    {
        return Some(
            "a DashScope (Qwen) response with search: its `[ref_N]` or `[N]` markers cite `output.search_info.search_results`, which this version does not read; import a response of an API it reads".to_owned(),
        );
    }
    let answer = value.get("answer").filter(|a| a.is_object());
    if answer.is_some_and(|a| a.get("answerText").is_some()) {
        return Some(
            "a Google Discovery Engine (Vertex AI Search) answer: its `answer.citations` (byte or character indices) and `answer.references` are not read by this version; import a Gemini `generateContent` response grounded on the data store instead (its `retrievedContext` chunks are read)".to_owned(),
        );
    }
    None
}
