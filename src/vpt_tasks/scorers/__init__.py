"""The design card's scorer kinds, as reusable parts configured by the benchmark that uses them.

A scorer module here exports a plain builder that returns the async `score`
coroutine, configured with the benchmark's vocabularies and prompts, and the
counter metrics of its own paths. The benchmark declares the `@scorer` (its
registered name, its run-level metrics plus those counters) in its own folder.
Nothing here imports a benchmark. The modules:

- `reading`: the visible answer, its clauses and the signs of doubt -- the shared
  first step of every scorer that reads free text
- `cascade`: who decides what an answer says (`-T grader=auto|rules|narrow|llm|both`): the
  rules, the grader role, or nobody (undecided, counted) -- one flow and one metadata
  vocabulary (`decided_by`, `reading`, `why`) for the three kinds below; counters
  `decision_counts`, `rules_beside_grader`
- `set_precision`: "set precision over extracted answer components" (|M ∩ G| / |M|)
- `yes_probability`: "yes-probability from log-probabilities" (P(Yes) per answer,
  text fallback `yes_no_text`; counter metric `yes_probability_answers`)
- `yes_no_text`: a generated Yes/No answer read as text (1 / 0, or undecided)
- `choice_probability`: "choice probability from log-probabilities" (P(option) over k
  options, first answer token or first option token, text fallback; counter metric
  `choice_probability_answers`)
- `answer_mapping`: "answer mapping with a grader" (two options, rules then the grader role)
- `merge_match`: "merge match" (k options, rules then a choice judge)
- `options`: the deterministic option reading both of them start with
- `judge`: grader calls, answers quoted as data, grader-reply reading
- `circular`: option rotations, circular and two-order summaries
"""
