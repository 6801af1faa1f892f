from games.core.apps import FeatureModelsConfig


class MishimashConfig(FeatureModelsConfig):
    default = True
    name = "games.mishimash"
    label = "mishimash"
    feature_models = ("online.models",)  # its online tables

    def ready(self) -> None:
        from games.core.kinds import register
        from games.mishimash.kind import KIND
        from games.mishimash.online.kind import ONLINE_KIND

        register(KIND)
        register(ONLINE_KIND)
