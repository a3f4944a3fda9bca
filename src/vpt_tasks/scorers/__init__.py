"""The design card's scorer kinds, as reusable parts configured by the benchmark that uses them.

A scorer module here exports a plain builder that returns the async `score`
coroutine, configured with the benchmark's vocabularies and prompts, and the
counter metrics of its own paths. The benchmark declares the `@scorer` (its
registered name, its run-level metrics plus those counters) in its own folder.
Nothing here imports a benchmark. The modules:

- `set_precision`: "set precision over extracted answer components" (|M ∩ G| / |M|;
  the rules, the grader role, or the rules with a grader cascade:
  `grader=auto|rules|llm|both`; counter metric `extractor_agreement`)
- `yes_probability`: "yes-probability from log-probabilities" (P(Yes) per answer,
  text fallback; counter metric `yes_probability_answers`)
- `choice_probability`: "choice probability from log-probabilities" (P(option) over k
  options, first answer token or first option token, text fallback; counter metric
  `choice_probability_answers`)
- `answer_mapping`: "answer mapping with a grader" (two options, rules then the grader role)
- `merge_match`: "merge match" (k options, rules then a choice judge)
- `options`: the deterministic option extraction both of them start with
- `judge`: grader-reply normalisation and the choice-judge prompt
- `circular`: option rotations, circular and two-order summaries
"""
