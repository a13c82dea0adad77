import { Model } from 'objection';

/** Common to every model: updatedAt kept current on update (tables with timestamps). */
export class BaseModel extends Model {
  static hasTimestamps = true;

  override $beforeUpdate() {
    if ((this.constructor as typeof BaseModel).hasTimestamps) {
      (this as unknown as { updatedAt: Date }).updatedAt = new Date();
    }
  }
}
