"""The encoder's built-in sentences, in the run's language, and the head it shows.

all-MiniLM-L6-v2 reads English: its vocabulary (English uncased BERT's) holds only 244
single Chinese characters, and every other character becomes [UNK] ("unknown"), so
"我爱学习中文。" and "我喜欢学中文。" reach the model as the same tokens. The Chinese
sentences below use only characters the model knows; the screen says so.
"""
from __future__ import annotations

BUILT_IN = {
    # two pairs that mean nearly the same, and one that has nothing to do with them
    "en": ["The cat sat on the mat.",
           "A cat is sitting on a rug.",
           "Attention lets every word look at every other word.",
           "Each token decides which other tokens matter to it.",
           "Stock markets fell sharply today."],
    # universities (2), nature (2), a dog: only characters in the model's vocabulary
    "zh": ["中国的大学",
           "日本的大学",
           "山上有花。",
           "森林中有水。",
           "我的小犬。"],
}

# the head whose weights are drawn (0-based): in all-MiniLM-L6-v2 this head of the first
# layer puts nearly all of each token's weight on the token just before it
SHOWN_LAYER, SHOWN_HEAD = 0, 2
UNKNOWN = "[UNK]"


def built_in(lang: str) -> list[str]:
    return list(BUILT_IN.get(lang, BUILT_IN["en"]))
