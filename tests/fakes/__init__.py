"""Local stand-ins for the services the suite cannot reach: they speak the real protocols.

- `openai_server`: an OpenAI-compatible chat-completions server (log-probabilities,
  streaming, latency, concurrency limits, injected faults), reached through
  Inspect's real `openai-api` provider.
- `hub_server`: a Hugging Face Hub-compatible server for the upload and download
  routes the `huggingface_hub` client uses.

They live with the tests, not in the wheel; `benchmarks/` and `hf_datasets/`
use them from a checkout. Start one by hand to try a provider path:

    python -m tests.fakes.openai_server --help
    python -m tests.fakes.hub_server --help
"""
