"""Attack: report injection. A tensor subclass's *class name* travels to the grader
uncleaned (codec keeps it as Subclassed.type_name) and lands in the failure texts:
terminal escapes (clear screen, set title, OSC 8 hyperlink), a bidi override, newlines."""
import torch

NAME = ("\x1b[2J\x1b[H\x1b]0;PWNED\x07\x1b]8;;https://evil.example/\x07click me\x1b]8;;\x07"
        "\u202egnp.exe\nFAKE LINE: score 100/100\r")
Evil = type(NAME, (torch.Tensor,), {})


def attention_scores(Q, K):
    return (Q @ K.transpose(-2, -1)).as_subclass(Evil)
