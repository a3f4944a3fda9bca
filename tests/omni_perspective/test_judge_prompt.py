"""The merge-match judge of Omni-Perspective: its VLMEvalKit-style prompt and settings.

The one difference from VLMEvalKit's prompt: the answer being judged is quoted as a JSON
string (`Answer: "the left one"`), so that nothing inside it can pose as part of the prompt
(the README's differences table)."""

from __future__ import annotations

from vpt_tasks.omni_perspective.spec import load_spec

JUDGE = load_spec().judge

OMNI_OPTIONS = {
    "A": "The person wants to open the door.",
    "B": "The person wants to pick up the red cup.",
    "C": "The person wants to sit on the chair.",
    "D": "The person wants to turn off the lamp.",
}

EXPECTED = """\
You are an AI assistant who helps match an answer to the options of a single-choice \
question. You are given a question, its options and an answer. Find the option whose \
meaning is most similar to the answer. If the answer refuses to answer, selects no option, \
or its meaning is significantly different from every option, output Z.
Output the single most similar option letter (A, B), or Z if none. Output only that one \
uppercase letter.

Example 1:
Question: What is the main object in the image?
Options:
A. teddy bear
B. rabbit
C. cat
D. dog
Answer: a cute teddy bear
Your output: A

Example 2:
Question: What is the main object in the image?
Options:
A. teddy bear
B. rabbit
C. cat
D. dog
Answer: Spider
Your output: Z

Example 3:
Question: Image 1: [image] Image 2: [image] Which view?
Options:
A. left
B. right
Answer: "the left one"
Your output:"""


def test_omni_judge_prompt() -> None:
    prompt = JUDGE.prompt(
        "<image>\nIf you were the person in the image, what would you intend to do?",
        OMNI_OPTIONS,
        "Probably grab something to drink.",
    )
    assert "most similar option letter (A, B, C, D), or Z if none" in prompt
    assert "<image>" not in prompt and "[image]" in prompt
    assert "If you were the person in the image, what would you intend to do?" in prompt
    assert "A. The person wants to open the door.\nB. The person wants to pick up" in prompt
    assert 'Answer: "Probably grab something to drink."\nYour output:' in prompt
    assert prompt.endswith("Your output:")


def test_the_prompt_sent_is_the_reference_one_with_the_answer_quoted() -> None:
    prompt = JUDGE.prompt(
        "Image 1: <image> Image 2: <image 2> Which view?",
        {"A": "left", "B": "right"},
        "  the left one ",
    )
    assert prompt == EXPECTED


def test_judge_settings() -> None:
    assert 1 <= JUDGE.max_tries <= 5
    assert JUDGE.temperatures[0] == 0.0 and JUDGE.max_tokens == 32
