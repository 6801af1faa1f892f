"""Coaches: engines that advise a move from what a player can see."""
