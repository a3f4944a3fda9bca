"""Model providers registered by the plugin (`--model vpt_tasks/<name>`)."""
