//! The values of the command line's enum options, as clap reads and
//! lists them (`--help`, the error for a value it does not know), each
//! mapped onto the stage crate's type, so that the stages do not depend on
//! clap. A variant's doc comment is its help in `--help`: keep each the
//! same as the stage type's.

/// `check --format`: [`evidence_report::Format`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// rustc-style diagnostics on stderr.
    Human,
    /// The validation report (`evidence-report.v1`) on stdout.
    Json,
    /// SARIF 2.1.0 on stdout, for code-scanning upload.
    Sarif,
    /// GitHub Actions annotations on stdout, and a table in
    /// `$GITHUB_STEP_SUMMARY` when it is set.
    Github,
}

impl From<FormatArg> for evidence_report::Format {
    fn from(value: FormatArg) -> Self {
        match value {
            FormatArg::Human => Self::Human,
            FormatArg::Json => Self::Json,
            FormatArg::Sarif => Self::Sarif,
            FormatArg::Github => Self::Github,
        }
    }
}

/// `verify --prompt`: [`evidence_verify::prompt::Prompt`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PromptArg {
    /// MiniCheck's: `Document: …` and `Claim: …`, answered `Yes` or `No`
    /// (the format Bespoke-MiniCheck is trained on).
    Minicheck,
    /// Bespoke-MiniCheck-7B served as its card has it (vLLM,
    /// Transformers): MiniCheck's system message sent too, for servers
    /// whose model carries none.
    BespokeMinicheck,
    /// IBM Granite Guardian's groundedness check: passages as `context`,
    /// the claim as the assistant's answer; `Yes` means not grounded.
    GraniteGuardian,
    /// A general judge for chat models: supported, partially supported or
    /// not supported, and a one-line reason.
    Judge,
    /// A general judge answering one JSON object (verdict, the quoted
    /// words that support the claim, a reason), through the server's
    /// structured output where it has it.
    JudgeJson,
}

impl From<PromptArg> for evidence_verify::prompt::Prompt {
    fn from(value: PromptArg) -> Self {
        match value {
            PromptArg::Minicheck => Self::Minicheck,
            PromptArg::BespokeMinicheck => Self::BespokeMinicheck,
            PromptArg::GraniteGuardian => Self::GraniteGuardian,
            PromptArg::Judge => Self::Judge,
            PromptArg::JudgeJson => Self::JudgeJson,
        }
    }
}

/// `import`'s vendor: [`evidence_import::Vendor`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum VendorArg {
    /// Anthropic Messages API.
    Anthropic,
    /// OpenAI Responses API or Chat Completions.
    #[value(name = "openai")]
    OpenAi,
    /// Google Gemini `generateContent`.
    Gemini,
    /// Perplexity Agent API or Sonar chat completions.
    Perplexity,
    /// Cohere v2 chat.
    Cohere,
    /// Amazon Bedrock Converse or Knowledge Bases RetrieveAndGenerate.
    Bedrock,
    /// xAI Responses API.
    Xai,
    /// Mistral Conversations (Agents) API or chat completions with
    /// reference chunks.
    Mistral,
    /// Tavily search with `include_answer`.
    Tavily,
    /// Exa `/answer`.
    Exa,
    /// Groq compound (`executed_tools` search results).
    Groq,
    /// Azure OpenAI "On Your Data" (`context.citations`).
    Azure,
    /// Brave AI Grounding (citation tags) and Summarizer.
    Brave,
    /// Alibaba Cloud DashScope (Qwen) with search.
    #[value(name = "dashscope")]
    DashScope,
    /// Google Discovery Engine (Vertex AI Search) answers.
    #[value(name = "discovery-engine")]
    DiscoveryEngine,
    /// You.com agents, Research and Smart APIs.
    #[value(name = "you")]
    YouCom,
}

impl From<VendorArg> for evidence_import::Vendor {
    fn from(value: VendorArg) -> Self {
        match value {
            VendorArg::Anthropic => Self::Anthropic,
            VendorArg::OpenAi => Self::OpenAi,
            VendorArg::Gemini => Self::Gemini,
            VendorArg::Perplexity => Self::Perplexity,
            VendorArg::Cohere => Self::Cohere,
            VendorArg::Bedrock => Self::Bedrock,
            VendorArg::Xai => Self::Xai,
            VendorArg::Mistral => Self::Mistral,
            VendorArg::Tavily => Self::Tavily,
            VendorArg::Exa => Self::Exa,
            VendorArg::Groq => Self::Groq,
            VendorArg::Azure => Self::Azure,
            VendorArg::Brave => Self::Brave,
            VendorArg::DashScope => Self::DashScope,
            VendorArg::DiscoveryEngine => Self::DiscoveryEngine,
            VendorArg::YouCom => Self::YouCom,
        }
    }
}

/// Every stage variant has its value: adding a variant to a stage type
/// without one here fails to compile (the matches are exhaustive).
#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    fn formatarg_of(value: evidence_report::Format) -> FormatArg {
        match value {
            evidence_report::Format::Human => FormatArg::Human,
            evidence_report::Format::Json => FormatArg::Json,
            evidence_report::Format::Sarif => FormatArg::Sarif,
            evidence_report::Format::Github => FormatArg::Github,
        }
    }

    fn promptarg_of(value: evidence_verify::prompt::Prompt) -> PromptArg {
        match value {
            evidence_verify::prompt::Prompt::Minicheck => PromptArg::Minicheck,
            evidence_verify::prompt::Prompt::BespokeMinicheck => PromptArg::BespokeMinicheck,
            evidence_verify::prompt::Prompt::GraniteGuardian => PromptArg::GraniteGuardian,
            evidence_verify::prompt::Prompt::Judge => PromptArg::Judge,
            evidence_verify::prompt::Prompt::JudgeJson => PromptArg::JudgeJson,
        }
    }

    fn vendorarg_of(value: evidence_import::Vendor) -> VendorArg {
        match value {
            evidence_import::Vendor::Anthropic => VendorArg::Anthropic,
            evidence_import::Vendor::OpenAi => VendorArg::OpenAi,
            evidence_import::Vendor::Gemini => VendorArg::Gemini,
            evidence_import::Vendor::Perplexity => VendorArg::Perplexity,
            evidence_import::Vendor::Cohere => VendorArg::Cohere,
            evidence_import::Vendor::Bedrock => VendorArg::Bedrock,
            evidence_import::Vendor::Xai => VendorArg::Xai,
            evidence_import::Vendor::Mistral => VendorArg::Mistral,
            evidence_import::Vendor::Tavily => VendorArg::Tavily,
            evidence_import::Vendor::Exa => VendorArg::Exa,
            evidence_import::Vendor::Groq => VendorArg::Groq,
            evidence_import::Vendor::Azure => VendorArg::Azure,
            evidence_import::Vendor::Brave => VendorArg::Brave,
            evidence_import::Vendor::DashScope => VendorArg::DashScope,
            evidence_import::Vendor::DiscoveryEngine => VendorArg::DiscoveryEngine,
            evidence_import::Vendor::YouCom => VendorArg::YouCom,
        }
    }

    #[test]
    fn each_value_maps_onto_its_own_stage_variant() {
        for value in FormatArg::value_variants() {
            assert_eq!(formatarg_of(evidence_report::Format::from(*value)), *value);
        }
        for value in PromptArg::value_variants() {
            assert_eq!(
                promptarg_of(evidence_verify::prompt::Prompt::from(*value)),
                *value
            );
        }
        for value in VendorArg::value_variants() {
            assert_eq!(vendorarg_of(evidence_import::Vendor::from(*value)), *value);
        }
    }
}
