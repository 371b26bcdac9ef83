# Uncaught custom exception class (subclass of Exception) with a message.
class ConfigurationError(Exception):
    pass
def load(settings):
    if 'port' not in settings:
        raise ConfigurationError('missing required setting: port')
    return settings['port']
def start(settings):
    print('starting with', settings)
    port = load(settings)
    print('port', port)
start({'port': 8080})
start({'host': 'localhost'})
