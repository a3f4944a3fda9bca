"""`vpt_tasks/grader_check`: a grader model reads labelled answers, as the scorers ask it to."""
