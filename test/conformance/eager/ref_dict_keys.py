# Variable.ref() and Tensor.ref(): hashable handles for dicts of optimizer
# slots, equal for one object, deref() giving it back.
import tensorflow as tf
v = tf.Variable([1.0, 2.0])
w = tf.Variable(3.0)
slots = {v.ref(): tf.zeros([2]), w.ref(): tf.zeros([])}
print(len(slots), v.ref() in slots, v.ref() == v.ref(), v.ref() == w.ref())
for r, s in slots.items():
    print(r.deref().numpy(), s.numpy())
print(slots[v.ref()])
t = tf.constant([1, 2])
print(t.ref().deref() is t, {t.ref(): 1}[t.ref()])
