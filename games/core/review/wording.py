"""Words a game kind's review hooks share (GameKind.review_seen, review_choice)."""


def faces_text(faces: list[int]) -> str:
    """Dice in their order on the table, left to right in every language."""
    return "\u2066" + " ".join(str(f) for f in faces) + "\u2069"
