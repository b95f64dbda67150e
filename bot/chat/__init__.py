"""The Discord adapter. (Not named `discord`, which would shadow discord.py.)"""
