//! Which module reads each recognised shape into a [`Draft`].

use crate::detect::Shape;
use crate::{
    Draft, Inputs, anthropic, azure, bedrock, bedrock_kb, brave, cohere, dashscope,
    discovery_engine, gemini, gemini_interactions, groq, mistral, openai, perplexity,
    search_answers, you_com,
};

/// Reads the answer of `shape` and its citations.
pub(super) fn draft(shape: &Shape, inputs: &Inputs) -> anyhow::Result<Draft> {
    match shape {
        Shape::Anthropic(blocks) => anthropic::convert(blocks, inputs),
        Shape::OpenAiResponses(output) => openai::convert_responses(output, inputs),
        Shape::OpenAiChat(message) => openai::convert_chat(message, inputs),
        Shape::XaiResponses(output) => openai::convert_xai(output, inputs),
        Shape::MistralConversation(outputs) => mistral::convert_conversation(outputs, inputs),
        Shape::MistralChat(message) => mistral::convert_chat(message, inputs),
        Shape::Gemini(candidate) => gemini::convert(candidate, inputs),
        Shape::GeminiInteractions(interaction) => gemini_interactions::convert(interaction, inputs),
        Shape::Perplexity(response) => perplexity::convert(response, inputs),
        Shape::PerplexityAgent(output) => perplexity::convert_agent(output, inputs),
        Shape::Cohere(message) => cohere::convert(message, inputs),
        Shape::BedrockConverse(blocks) => bedrock::convert(blocks, inputs),
        Shape::BedrockKb(response) => bedrock_kb::convert(response, inputs),
        Shape::Tavily(response) => search_answers::convert(response, "results", inputs),
        Shape::Exa(response) => search_answers::convert(response, "citations", inputs),
        Shape::Groq(message) => groq::convert(message, inputs),
        Shape::AzureOnYourData(message) => azure::convert(message, inputs),
        Shape::BraveChat(message) => brave::convert_chat(message, inputs),
        Shape::BraveSummarizer(response) => brave::convert_summarizer(response, inputs),
        Shape::DashScope(response) => dashscope::convert(response, inputs),
        Shape::DiscoveryEngine(response) => discovery_engine::convert(response, inputs),
        Shape::YouCom(response) => you_com::convert(response, inputs),
    }
}
